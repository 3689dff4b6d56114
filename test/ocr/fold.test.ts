import t from 'tap';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { floatTensor as constantTensor, foldPaddleModel } from '../../model-build/optimise/fold.js';
import { floatTensor, loadSession, runFloat, type Session } from '../../pipeline/backends/onnx.js';
import { cropLine } from '../../pipeline/ocr/crop.js';
import { detectText, detectionSize } from '../../pipeline/ocr/detector.js';
import { DETECTION_MODEL, DIRECTION_MODEL } from '../../pipeline/ocr/model-files.js';
import { ocrSession } from '../../pipeline/ocr/sessions.js';
import { HALF, IMAGENET, writeTensor } from '../../pipeline/ocr/sampling.js';
import type { RgbImage } from '../../pipeline/image.js';
import { prepared, renderLicence } from '../front/render-front.js';

/** The largest difference between the source model's and the folded model's outputs for one input. */
async function largestDifference(path: string, input: Float32Array, dims: number[]): Promise<{ difference: number; peak: number }> {
  const run = async (session: Session) => (await runFloat(session, floatTensor(input, dims))).data;
  const [source, folded] = await Promise.all([run(await loadSession(path)), run(await ocrSession(path))]);
  let difference = 0;
  let peak = 0;
  for (let i = 0; i < source.length; i++) {
    difference = Math.max(difference, Math.abs(source[i]! - folded[i]!));
    peak = Math.max(peak, Math.abs(source[i]!));
  }
  return { difference, peak };
}

const page: RgbImage = await prepared(await renderLicence());
const lines = (await detectText(page)).map((b) => cropLine(page, b.quad));

t.test('a constant made from part of an array holds that part\'s bytes only', async (t) => {
  const tensor = constantTensor('c', [2], Float32Array.of(1, 2, 3).subarray(1));
  t.same([...new Float32Array(Uint8Array.prototype.slice.call(tensor.rawData!).buffer)], [2, 3]);
});

t.test('each PP-OCR model loses its affine and hard-swish chains', async (t) => {
  const expected = {
    [DETECTION_MODEL]: { convAffine: 28, hardSwish: 24, affineIntoConv: 10 },
    [DIRECTION_MODEL]: { convAffine: 0, hardSwish: 18, affineIntoConv: 0 },
  };
  for (const [path, report] of Object.entries(expected)) {
    const bytes = await readFile(path);
    const folded = foldPaddleModel(bytes);
    t.same(folded.report, report, basename(path));
    t.ok(folded.model.byteLength < bytes.byteLength, 'constants that nothing reads are gone');
  }
});

t.test('the folded detector gives the source probability map on a rendered licence', async (t) => {
  const size = detectionSize(page.width, page.height, 736);
  const input = new Float32Array(3 * size.width * size.height);
  writeTensor(page, size.width, size.height, IMAGENET, input);
  const { difference, peak } = await largestDifference(DETECTION_MODEL, input, [1, 3, size.height, size.width]);
  t.ok(peak > 0.5, 'the map has text on it');
  t.ok(difference <= 1e-4, `largest difference ${difference}`);
});

t.test('the folded direction classifier gives the source scores', async (t) => {
  const input = new Float32Array(3 * 48 * 192);
  writeTensor(lines[0]!, 192, 48, HALF, input);
  const { difference } = await largestDifference(DIRECTION_MODEL, input, [1, 3, 48, 192]);
  t.ok(difference <= 1e-5, `largest difference ${difference}`);
});
