/**
 * One page's recogniser batches shared with a helper thread (pipeline/ocr/recognizer-helper.ts):
 * the shares, that a page reads exactly the same shared as alone, and that a helper which ends
 * with batches in hand rejects them, so that its caller reads them itself.
 */
import t from 'tap';
import { Worker } from 'node:worker_threads';
import { cropLine } from '../../pipeline/ocr/crop.js';
import { detectText } from '../../pipeline/ocr/detector.js';
import { runOnHelper, stopHelper } from '../../pipeline/ocr/recognizer-helper.js';
import { lineBatches, recognizeLines, shareOut, type LineBatch } from '../../pipeline/ocr/recognizer.js';
import { prepared, renderLicence } from '../front/render-front.js';

t.teardown(stopHelper);

const batch = (lines: number, width: number): LineBatch => ({
  lines: Array.from({ length: lines }, (_, i) => i), widths: Array(lines).fill(width), input: new Float32Array(0), dims: [lines, 3, 48, width],
});

t.test('the batches are shared out whole, each once, the two shares within one batch of each other', async (t) => {
  const batches = [batch(1, 1377), batch(8, 136), batch(1, 572), batch(3, 180), batch(1, 413), batch(1, 402), batch(2, 96), batch(1, 301)];
  const { own, helper } = shareOut(batches);
  t.same([...own, ...helper].sort((a, b) => batches.indexOf(a) - batches.indexOf(b)), batches, 'every batch, once');
  const cost = (share: LineBatch[]) => share.reduce((sum, b) => sum + b.dims[0] * b.dims[3], 0);
  t.ok(Math.abs(cost(own) - cost(helper)) <= 1377, `${cost(own)} and ${cost(helper)} columns`);
  t.same(shareOut([batch(1, 200)]), { own: [batch(1, 200)], helper: [] }, 'one batch stays with the caller');
});

t.test("a page's lines read exactly the same with half of them on a helper thread", async (t) => {
  const page = await prepared(await renderLicence());
  const crops = (await detectText(page)).map((box) => cropLine(page, box.quad));
  const alone = await recognizeLines(crops, { latinOnly: true, model: 'v6-tiny' });
  const worker = new Worker(new URL('./helper-reader.js', import.meta.url), { workerData: { crops, settings: { ocrHelper: true } } });
  const shared = await new Promise<{ steps: number; probs: Float32Array }[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  t.ok([...lineBatches(crops)].length >= 4, 'batches enough for both threads');
  t.equal(shared.length, alone.length);
  const differing = alone.filter((line, i) => line.steps !== shared[i]!.steps || line.probs.some((p, k) => p !== shared[i]!.probs[k])).length;
  t.equal(differing, 0, `all ${alone.length} lines' probabilities identical`);
});

t.test('a helper that ends with batches in hand rejects them', async (t) => {
  const page = await prepared(await renderLicence());
  const crops = (await detectText(page)).map((box) => cropLine(page, box.quad));
  const batches = [...lineBatches(crops)].map(({ input, dims }) => ({ input, dims }));
  const answer = runOnHelper(batches, { latinOnly: true, model: 'v6-tiny' });
  await stopHelper();
  await t.rejects(answer, /recogniser helper exited/);
  const again = await runOnHelper(batches.slice(0, 1), { latinOnly: true, model: 'v6-tiny' });
  t.equal(again.length, 1, 'the next call starts a new helper');
});
