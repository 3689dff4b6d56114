/**
 * onnxruntime issue 24486: some onnxruntime-node versions abort with a V8 HandleScope error when
 * sessions run in several worker threads. The face stage runs four models per request inside the
 * pipeline's Piscina pool, so this runs a real Piscina pool of two workers with many face tasks
 * in flight, each task running its sessions concurrently.
 */
import { Piscina } from 'piscina';
import sharp from 'sharp';
import t from 'tap';
import { DESCRIPTOR_MEAN } from '../../pipeline/face/calibration.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { ensureFaceModels } from './helper.js';

await ensureFaceModels();

t.test('two Piscina workers run the face models concurrently without crashing', async (t) => {
  const pool = new Piscina({ filename: new URL('./onnx-pool-task.js', import.meta.url).href, minThreads: 2, maxThreads: 2 });
  t.teardown(() => pool.destroy());
  const { selfie } = await generateSpecimen({ seed: 5, index: 0, negative: null, capture: 'scan' });
  const mirrored = await sharp(selfie).flop().jpeg().toBuffer();
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => pool.run(i % 2 === 0 ? selfie : mirrored)));
  t.same(results.map((r) => [r.found, r.length]), Array(8).fill([true, DESCRIPTOR_MEAN.length]));
  t.equal(new Set(results.map((r) => r.threadId)).size, 2, 'both workers ran tasks');
  t.ok(results.every((r) => r.real >= 0 && r.real <= 1));
});
