/**
 * The face bench (`npm run bench -- faces`): accuracy of every embedding candidate, the
 * calibrated service on the shared photos and the corpus, anti-spoofing on live selfies and
 * presentation attacks (faces-attacks.ts: tuning and validation sets, MiniFASNet alone and fused
 * with the replay cues), and the face stage's latency. JSON through bench/report.ts.
 *
 *   faceBenchData ─► analyse (decode + detect, once) ─► candidates: TAR@FAR 1% / 0.1%, EER per set
 *                                                  ├─► service: confidence shares above 70
 *  tuning / validation attack sets ─► anti-spoofing: APCER / BPCER at 50, MiniFASNet and fused
 *                                                  └─► face stage p50 on corpus jobs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeImage } from '../pipeline/backends/sharp.js';
import { DESCRIPTOR_MEAN, EMBEDDER } from '../pipeline/face/calibration.js';
import { confidenceOf } from '../pipeline/face/compare.js';
import { EMBEDDERS, centre, cosine } from '../pipeline/face/embed.js';
import { fusedScore } from '../pipeline/face/spoof-fusion.js';
import { antiSpoofing } from '../pipeline/face/spoof.js';
import { SELFIES_PER_IDENTITY, SPOOF_ROLES, SPOOF_ROWS_FILE, minifasnetSamples, sampleReference, scoreSpoofSet, spoofSet, type SpoofRow } from './faces-attacks.js';
import { newJob } from '../pipeline/job.js';
import { face as faceStage } from '../pipeline/stages/face.js';
import { equalErrorRate } from './accuracy/metrics.js';
import { measureCandidates, type SetName } from './faces-candidates.js';
import { FACE_SEED, faceBenchData, type FaceBenchData } from './faces-data.js';
import { analyse, embedAll, type AnalysedImage } from './faces-eval.js';
import { percentile, printTable, resultsDir, round } from './report.js';

/**
 * The corpus seed: IDV_BENCH_FACE_SEED, else FACE_SEED. The calibrations (the confidence scale,
 * antiSpoofing's threshold) are fitted on FACE_SEED, so another seed measures them held out.
 */
export function faceSeed(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.IDV_BENCH_FACE_SEED;
  if (raw === undefined || raw === '') return FACE_SEED;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new Error(`IDV_BENCH_FACE_SEED must be a non-negative integer, got ${JSON.stringify(raw)}`);
  }
  return seed;
}

/** Share of pairs whose calibrated confidence is above 70, same-person and different-person. */
async function serviceShares(data: FaceBenchData, analysed: Map<string, AnalysedImage>): Promise<Partial<Record<SetName, { same: number; different: number; pairs: number }>>> {
  const embeddings = await embedAll(analysed, EMBEDDERS[EMBEDDER]);
  const out: Partial<Record<SetName, { same: number; different: number; pairs: number }>> = {};
  for (const [set, pairs] of Object.entries(data.sets) as Array<[SetName, FaceBenchData['sets'][SetName]]>) {
    if (pairs.length === 0) continue;
    const above = (genuine: boolean): number => {
      const chosen = pairs.filter((p) => p.genuine === genuine);
      const high = chosen.filter(({ a, b }) => {
        const p = embeddings.get(a);
        const q = embeddings.get(b);
        return p !== undefined && q !== undefined && confidenceOf(cosine(centre(p, DESCRIPTOR_MEAN), centre(q, DESCRIPTOR_MEAN))) > 70;
      });
      return chosen.length === 0 ? 0 : round(high.length / chosen.length, 4);
    };
    out[set] = { same: above(true), different: above(false), pairs: pairs.length };
  }
  return out;
}

/** The face stage's run time (two detections, two embeddings, anti-spoofing, two JPEG crops). */
async function stageLatency(data: FaceBenchData, jobs: number, repeats: number): Promise<{ p50: number; p90: number; runs: number }> {
  const documents = data.images.filter((i) => i.key.startsWith('doc-')).slice(0, jobs);
  const selfies = data.images.filter((i) => i.key.startsWith('selfie-'));
  const times: number[] = [];
  for (const [i, document] of documents.entries()) {
    const selfie = selfies[i % selfies.length]!;
    for (let r = 0; r < repeats; r++) {
      // Decoded afresh each time: the sampler keeps an image's pyramid, and a real job never
      // finds one built.
      const job = newJob({ documentType: 1, front: document.bytes, back: null, face: selfie.bytes, trackString: null, verifyFace: true });
      for (const [side, bytes] of [['front', document.bytes], ['face', selfie.bytes]] as const) {
        const { width, height, rgb, grey } = await decodeImage(bytes, side);
        job.images[side] = { width, height, rgb, grey };
      }
      const started = performance.now();
      try {
        await faceStage.run(job);
      } catch {
        continue; // a document whose face was not found: not a timing of the whole stage
      }
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p90: round(percentile(times, 90)), runs: times.length };
}

type Row = Record<string, string | number>;

export type SpoofOverall = { attacks: number; live: number; unscored: number; APCER: number; BPCER: number; EER: number };

/** The two scores a row is judged by: MiniFASNet's own 0–100 scale and the fused score the service returns. */
export const SPOOF_SCORES = Object.freeze({
  miniFasNet: (r: SpoofRow): number => antiSpoofing(r.real!),
  fused: (r: SpoofRow): number => fusedScore(r.cues!),
});
type ScoreName = keyof typeof SPOOF_SCORES;

/** APCER (attacks at 50 or above), BPCER (live below 50) and EER over the scored rows; unscored counted apart. */
export function spoofOverall(rows: readonly SpoofRow[], name: ScoreName): SpoofOverall {
  const score = SPOOF_SCORES[name];
  const scored = rows.filter((r) => r.real !== null && r.cues !== undefined);
  const attacks = scored.filter((r) => !r.live);
  const genuine = scored.filter((r) => r.live);
  return {
    attacks: attacks.length,
    live: genuine.length,
    unscored: rows.length - scored.length,
    APCER: round(attacks.filter((r) => score(r) >= 50).length / Math.max(1, attacks.length), 4),
    BPCER: round(genuine.filter((r) => score(r) < 50).length / Math.max(1, genuine.length), 4),
    EER: round(equalErrorRate(scored.map((r) => ({ score: score(r), genuine: r.live }))).eer, 4),
  };
}

/**
 * Per role (tuning, validation) and per source within it: APCER or BPCER at 50 by MiniFASNet
 * alone and by the fused score; `overall` is the fused score on validation (the held-out figure).
 */
export function spoofFigures(rows: readonly SpoofRow[]): { roles: Row[]; bySource: Row[]; overall: SpoofOverall; samples: Row[] } {
  const roles = SPOOF_ROLES.flatMap((role) => {
    const mine = rows.filter((r) => r.role === role);
    return mine.length === 0 ? [] : (['miniFasNet', 'fused'] as const).map((name) => ({ set: role, score: name, ...spoofOverall(mine, name) }));
  });
  const groups = [...new Set(rows.filter((r) => r.role !== 'sample').map((r) => `${r.role}:${r.source}`))];
  const bySource = groups.map((group) => {
    const mine = rows.filter((r) => `${r.role}:${r.source}` === group);
    const live = mine[0]!.live;
    const rate = (name: ScoreName): number => {
      const o = spoofOverall(mine, name);
      return live ? o.BPCER : o.APCER;
    };
    return { set: mine[0]!.role, source: mine[0]!.source, images: mine.length, unscored: mine.length - mine.filter((r) => r.real !== null).length, rate: live ? 'BPCER' : 'APCER', miniFasNet: rate('miniFasNet'), fused: rate('fused') };
  });
  const reference = sampleReference() ?? {};
  const samples = rows.filter((r) => r.source === 'sample').map((r) => {
    const expected = reference[r.key.replace(/^sample-/, '')]?.real_score ?? NaN;
    return { sample: r.key, reference: expected, stageBox: r.real === null ? 'none' : round(r.real, 4), drift: r.real === null ? 'none' : round(r.real - expected, 4), fused: r.cues ? fusedScore(r.cues) : 'none' };
  });
  return { roles, bySource, overall: spoofOverall(rows.filter((r) => r.role === 'validation'), 'fused'), samples };
}

/** Specimens of the corpus a run draws (the calibrations' is the full size). */
export const FACE_CORPUS_SIZE = Object.freeze({ full: 60, quick: 15 });

/** Runs the face bench; `quick` uses a small corpus, IDV_BENCH_FACE_SEED another corpus seed. */
export async function benchFaces(options: { quick: boolean }) {
  const corpusSize = options.quick ? FACE_CORPUS_SIZE.quick : FACE_CORPUS_SIZE.full;
  const seed = faceSeed();
  if (seed !== FACE_SEED) console.log(`Corpus seed ${seed}: held out from the calibrations (seed ${FACE_SEED})`);
  const data = await faceBenchData(corpusSize, seed);
  const analysed = await analyse([...data.images, ...data.reference]);
  const groups = { photos: 'face_recognition/', demo: 'demo-', documents: 'doc-', selfies: 'selfie-', replays: 'replay-', reference: 'reference-' };
  const detection = Object.fromEntries(Object.entries(groups).map(([group, prefix]) => {
    const items = [...analysed.values()].filter((a) => a.key.startsWith(prefix));
    return [group, { images: items.length, found: items.filter((a) => a.face !== null).length }];
  }));

  const candidates = (await measureCandidates(data, analysed)).map((c) => ({ name: c.name, zoom: c.zoom, raw: c.raw, centred: c.centred }));
  printTable('Embedding candidates (centred descriptors)', candidates.flatMap((c) => Object.entries(c.centred).map(([set, f]) => ({
    model: c.name, set, genuine: f.genuine, impostor: f.impostor, 'TAR@FAR1%': f.tarAtFar1, 'TAR@FAR0.1%': f.tarAtFar01, EER: f.eer,
  }))));

  const shares = await serviceShares(data, analysed);
  printTable(`Calibrated service (${EMBEDDER}): share of pairs above 70`, Object.entries(shares).map(([set, s]) => ({ set, ...s })));

  const size = options.quick ? SELFIES_PER_IDENTITY.quick : SELFIES_PER_IDENTITY.full;
  const spoofRows: SpoofRow[] = [];
  for (const role of SPOOF_ROLES) spoofRows.push(...await scoreSpoofSet(await spoofSet(role, size)));
  const spoof = spoofFigures([...spoofRows, ...await scoreSpoofSet(minifasnetSamples())]);
  // The scored rows, cues and all, for `npm run calibrate -- spoof --from`; apart from the result,
  // whose numbers are diffed run to run.
  mkdirSync(resultsDir(), { recursive: true });
  writeFileSync(join(resultsDir(), SPOOF_ROWS_FILE), `${JSON.stringify({ rows: spoofRows })}\n`);
  printTable('Anti-spoofing at 50 by source (tuning: the fusion is fitted on it; validation: held out)', spoof.bySource);
  printTable('Anti-spoofing at 50: MiniFASNet alone and fused with the replay cues', spoof.roles);
  if (spoof.samples.length > 0) printTable('MiniFASNet samples: real-score from the stage\'s box vs the reference', spoof.samples);

  const latency = await stageLatency(data, options.quick ? 4 : 10, 3);
  printTable('Face stage latency (ms)', [latency]);
  // Another seed is saved apart (faces-seed<N>-latest.json): its figures never diff against seed 1's.
  const variant = seed === FACE_SEED ? undefined : `seed${seed}`;
  return { meta: { corpusSize, seed, variant, embedder: EMBEDDER, date: new Date().toISOString() }, detection, candidates, service: shares, spoof, latency };
}

/** What one faces run returns and saves (faces-latest.json). */
export type FacesResult = Awaited<ReturnType<typeof benchFaces>>;
