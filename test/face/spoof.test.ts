/**
 * Anti-spoofing: the MiniFASNet port gives the source's real-scores on its samples from the
 * source's box, and nearly the same from the stage's own detector; the models are refused when
 * altered; the 0–100 mapping puts the threshold at 50; a face too small or cut off is the
 * AntiSpoofing error. The samples come from ../shared/models/minifasnet (skipped when absent).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import t from 'tap';
import { CodedError } from '../../common/errors.js';
import { MINIFASNET_SAMPLES, sampleReference } from '../../bench/faces-attacks.js';
import { SPOOF } from '../../pipeline/face/calibration.js';
import { detectFace } from '../../pipeline/face/detect.js';
import { MINIFASNET_MODELS, checkedModel, cropRect, miniFasNet, modelPath } from '../../pipeline/face/minifasnet.js';
import { antiSpoofing, realScore, unanalysable } from '../../pipeline/face/spoof.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { preparedImage } from '../fixtures/prepared-image.js';
import { ensureFaceModels } from './helper.js';

await ensureFaceModels();

const reference = sampleReference();
const skipSamples = reference ? false : `${MINIFASNET_SAMPLES} is absent: MiniFASNet's samples are needed`;

t.test('from the reference box, the port gives the reference real-scores and logits', { skip: skipSamples }, async (t) => {
  for (const [file, expected] of Object.entries(reference ?? {})) {
    const image = await preparedImage(readFileSync(MINIFASNET_SAMPLES + file));
    const [x, y, w, h] = expected.bbox_xywh;
    const { real, logits } = await miniFasNet(image, { x, y, w, h });
    t.ok(Math.abs(real - expected.real_score) <= 0.01, `${file}: real-score ${real.toFixed(4)}, reference ${expected.real_score}`);
    const models = (expected as unknown as { models: Record<string, { logits: number[] }> }).models;
    MINIFASNET_MODELS.forEach((model, i) => {
      const gap = Math.max(...logits[i]!.map((z, k) => Math.abs(z - models[model.name]!.logits[k]!)));
      t.ok(gap <= 0.01, `${file} ${model.name}: logits within ${gap.toExponential(1)} of the reference`);
    });
  }
});

t.test('from the stage\'s own detector box, the samples score within 0.05 of the reference', { skip: skipSamples }, async (t) => {
  for (const [file, expected] of Object.entries(reference ?? {})) {
    const image = await preparedImage(readFileSync(MINIFASNET_SAMPLES + file));
    const face = await detectFace(image);
    t.ok(face, `${file}: a face is found`);
    const real = await realScore(image, face!);
    t.ok(Math.abs(real - expected.real_score) <= 0.05, `${file}: real-score ${real.toFixed(4)}, reference ${expected.real_score}`);
    t.equal(antiSpoofing(real) >= 50, /_T\d/.test(file), `${file}: antiSpoofing ${antiSpoofing(real)} on the right side of 50`);
  }
});

t.test('the crop follows the source: scaled, centred, shifted back inside, clamped by the image', async (t) => {
  t.same(cropRect(640, 480, { x: 100, y: 100, w: 100, h: 100 }, 2.7), { left: 15, top: 15, right: 285, bottom: 285 });
  t.same(cropRect(640, 480, { x: 0, y: 0, w: 100, h: 100 }, 2.7), { left: 0, top: 0, right: 270, bottom: 270 }, 'shifted back from the top-left corner');
  t.same(cropRect(640, 480, { x: 500, y: 380, w: 100, h: 100 }, 4), { left: 239, top: 79, right: 639, bottom: 479 }, 'shifted back from the bottom-right corner');
  t.same(cropRect(300, 400, { x: 50, y: 100, w: 200, h: 200 }, 4), { left: 0, top: 50, right: 299, bottom: 349 }, 'scale limited by the image width');
});

t.test('a model file whose bytes differ is refused, naming the file', async (t) => {
  const model = MINIFASNET_MODELS[0]!;
  const bytes = new Uint8Array(readFileSync(modelPath(model)));
  t.equal(checkedModel(model, bytes), bytes);
  bytes[bytes.length - 1] ^= 1;
  t.throws(() => checkedModel(model, bytes), { message: new RegExp(`${model.name}\\.onnx has sha256 [0-9a-f]{12}…, expected ${model.sha256.slice(0, 12)}`) });
});

t.test('antiSpoofing is 0 at real-score 0, 50 at the threshold, 100 at 1, and rises between', async (t) => {
  t.equal(antiSpoofing(0), 0);
  t.equal(antiSpoofing(SPOOF.threshold), 50);
  t.equal(antiSpoofing(1), 100);
  const values = Array.from({ length: 101 }, (_, i) => antiSpoofing(i / 100));
  t.ok(values.every((v, i) => i === 0 || v >= values[i - 1]!), 'monotone');
});

const specimen = await generateSpecimen({ seed: 3, index: 0, negative: null, capture: 'scan' });

t.test('a face too small or cut off by the frame is AntiSpoofing; a whole face is analysed', async (t) => {
  const { width = 0, height = 0 } = await sharp(specimen.selfie).metadata();
  const small = await sharp({ create: { width: 480, height: 600, channels: 3, background: '#9a948c' } })
    .composite([{ input: await sharp(specimen.selfie).resize(50).png().toBuffer(), left: 200, top: 250 }]).jpeg().toBuffer();
  const cut = await sharp(specimen.selfie).extract({ left: Math.round(0.4 * width), top: 0, width: width - Math.round(0.4 * width), height }).jpeg().toBuffer();
  for (const [name, bytes, message] of [['small', small, /under the 30 px/], ['cut off', cut, /cut off by the frame/]] as const) {
    const image = await preparedImage(bytes);
    const face = await detectFace(image);
    t.ok(face, `${name}: the face is still found`);
    await t.rejects(realScore(image, face!), { code: 'AntiSpoofing', message }, name);
  }
  const whole = await preparedImage(specimen.selfie);
  const real = await realScore(whole, (await detectFace(whole))!);
  t.ok(real >= 0 && real <= 1);
  t.equal(unanalysable({ width: 100, height: 100 }, { x: 10, y: 10, w: 80, h: 80 }), null);
  t.equal(unanalysable({ width: 100, height: 100 }, { x: -9, y: 10, w: 100, h: 80 }), null, 'up to a tenth outside is kept');
  t.ok(new CodedError('AntiSpoofing').httpStatus === 400);
});
