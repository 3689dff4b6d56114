/**
 * The fused anti-spoofing score: the logistic fit separates what it can, keeps each cue's weight
 * to its direction and puts the score 50 at BPCER 5 % on the live rows it is given; the shipped model rises with MiniFASNet's score; the
 * service's anti-spoofing (compare.ts spoofOf, what the face stage returns) is the fused score;
 * and a screen replay of a live selfie scores under 50 where the selfie scores 50 or more.
 */
import t from 'tap';
import { fitFusion, fitLogistic, logitAtBpcer } from '../../bench/faces-spoof-fit.js';
import { SPOOF } from '../../pipeline/face/calibration.js';
import { spoofOf } from '../../pipeline/face/compare.js';
import { detectFace } from '../../pipeline/face/detect.js';
import { CUE_NAMES, realLogit, replayCues, type Cues } from '../../pipeline/face/spoof-cues.js';
import { fusedAntiSpoofing, fusedScore } from '../../pipeline/face/spoof-fusion.js';
import { realScore } from '../../pipeline/face/spoof.js';
import { ATTACK_PROFILES, presentationAttack } from '../fixtures/specimens/attacks.js';
import { drawFor } from '../fixtures/specimens/draw.js';
import { faceIdentities, selfie } from '../fixtures/specimens/portraits.js';
import { preparedImage } from '../fixtures/prepared-image.js';
import { ensureFaceModels } from './helper.js';

await ensureFaceModels();

const cuesOf = (values: Partial<Cues>): Cues => ({ ...Object.fromEntries(CUE_NAMES.map((n) => [n, 0])), ...values }) as Cues;

t.test('the fit weights the cue that separates, and 50 falls at BPCER 5 % of the live rows', async (t) => {
  const draw = drawFor(11, 'fusion-test');
  const rows = Array.from({ length: 400 }, (_, i) => {
    const live = i % 4 === 0;
    return { live, cues: cuesOf({ moire: (live ? 0 : 2) + draw.real(-1.2, 1.2), glare: draw.real(0, 1) }) };
  });
  const model = fitFusion(rows, ['moire', 'glare']);
  t.equal(model.features[0], 'moire');
  t.ok(model.weights[0]! < -1, `moiré's weight ${model.weights[0]!.toFixed(2)}`);
  t.ok(model.features.length === 1 || Math.abs(model.weights[1]!) < Math.abs(model.weights[0]!) / 4, `weights ${model.weights.map((w) => w.toFixed(2))}`);
  const live = rows.filter((r) => r.live);
  const rejected = live.filter((r) => fusedScore(r.cues, model) < 50).length;
  t.equal(rejected, Math.floor(0.05 * live.length), `${rejected} of ${live.length} live rows under 50`);
  t.throws(() => fitFusion(rows.filter((r) => r.live)), /live and attack rows/);
});

t.test('a cue fitted against its direction is dropped: a replay\'s artefact never pushes towards live', async (t) => {
  const draw = drawFor(12, 'fusion-test-direction');
  // Glare (a replay's cue) made higher on the live rows here: fitted freely it would read live.
  const rows = Array.from({ length: 400 }, (_, i) => {
    const live = i % 4 === 0;
    return { live, cues: cuesOf({ moire: (live ? 0 : 2) + draw.real(-1.2, 1.2), glare: (live ? 1 : 0) + draw.real(-0.8, 0.8) }) };
  });
  const model = fitFusion(rows, ['moire', 'glare']);
  t.same(model.features, ['moire']);
  t.ok(model.weights[0]! < 0);
});

t.test('logistic regression recovers a known boundary; the BPCER logit is between two live logits', async (t) => {
  const x = Array.from({ length: 200 }, (_, i) => [((i * 37) % 200) / 50 - 2]);
  const y = x.map(([v]) => (v! + 0.3 * Math.sin(v! * 9) > 0.5 ? 1 : 0));
  const { weights, bias } = fitLogistic(x, y, 0.01);
  t.ok(Math.abs(-bias / weights[0]! - 0.5) < 0.2, `boundary at ${(-bias / weights[0]!).toFixed(2)}`);
  t.equal(logitAtBpcer([3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 0.05), 1.5);
});

t.test('the shipped model rises with MiniFASNet\'s real-score, other cues fixed', async (t) => {
  const at = (real: number): number => fusedScore(cuesOf({ miniFasNet: realLogit(real) }));
  const i = SPOOF.fusion.features.indexOf('miniFasNet');
  t.ok(i >= 0 && SPOOF.fusion.weights[i]! > 0, 'MiniFASNet is a feature, weighted towards live');
  t.ok(at(0.01) < at(0.5) && at(0.5) < at(0.99), `${at(0.01)} < ${at(0.5)} < ${at(0.99)}`);
});

const live = await preparedImage(await selfie(faceIdentities()[4]!, drawFor(5, 'fusion-test-selfie')));
const liveFace = (await detectFace(live))!;

t.test('the service\'s anti-spoofing is the fused score of MiniFASNet and the cues', async (t) => {
  const real = await realScore(live, liveFace);
  const fused = fusedScore(replayCues(live, liveFace, real));
  t.equal(await spoofOf(live, liveFace), fused);
  const { real: measured, cues, score } = await fusedAntiSpoofing(live, liveFace);
  t.same({ measured, score }, { measured: real, score: fused });
  for (const name of SPOOF.fusion.features) t.equal(cues[name], replayCues(live, liveFace, real)[name], `${name} as measured in full`);
});

t.test('a screen replay of the selfie scores under 50, the selfie 50 or more', async (t) => {
  const attack = await preparedImage(await presentationAttack(await selfie(faceIdentities()[4]!, drawFor(5, 'fusion-test-selfie')), 'screen', drawFor(5, 'fusion-test-attack'), ATTACK_PROFILES.validation));
  const face = await detectFace(attack);
  t.ok(face, 'the replayed face is found');
  const replayed = (await fusedAntiSpoofing(attack, face!)).score;
  const genuine = (await fusedAntiSpoofing(live, liveFace)).score;
  t.ok(replayed < 50 && genuine >= 50, `replay ${replayed}, live ${genuine}`);
});
