/** Which way up the text is: box shape gives the quarter turn, the PP-OCR direction classifier the half turn. */
import { floatTensor, runFloat } from '../backends/onnx.js';
import { cropLine, isTall } from './crop.js';
import { quadSize, type Quad } from './geometry.js';
import { DIRECTION_MODEL } from './model-files.js';
import { ocrSession } from './sessions.js';
import { HALF, rotateImage, writeTensor } from './sampling.js';
import type { RgbImage } from '../image.js';
import { OCR_TUNING } from './tunables.js';

const INPUT_HEIGHT = 48;
const INPUT_WIDTH = 192;

export type Orientation = 0 | 90 | 180 | 270;

export async function upsideDownProbabilities(crops: readonly RgbImage[]): Promise<number[]> {
  if (crops.length === 0) return [];
  const plane = 3 * INPUT_HEIGHT * INPUT_WIDTH;
  // Zero after normalisation is mid-grey: PaddleOCR's padding right of a short line.
  const input = new Float32Array(crops.length * plane);
  crops.forEach((crop, i) => {
    const width = Math.min(INPUT_WIDTH, Math.max(1, Math.ceil((INPUT_HEIGHT * crop.width) / crop.height)));
    writeTensor(crop, width, INPUT_HEIGHT, HALF, input, i * plane, INPUT_WIDTH, INPUT_HEIGHT);
  });
  const session = await ocrSession(DIRECTION_MODEL);
  const output = await runFloat(session, floatTensor(input, [crops.length, 3, INPUT_HEIGHT, INPUT_WIDTH]));
  return crops.map((_, i) => output.data[i * 2 + 1]!);
}

export async function pageOrientation(page: RgbImage, boxes: readonly Quad[]): Promise<Orientation> {
  const elongated = boxes
    .map((quad) => ({ quad, ...quadSize(quad) }))
    .filter((b) => Math.max(b.width, b.height) >= 2 * Math.min(b.width, b.height));
  if (elongated.length === 0) return 0;
  let tall = 0;
  let wide = 0;
  for (const b of elongated) {
    if (b.height > b.width) tall += b.height; else wide += b.width;
  }
  const sideways = tall > wide;
  const voters = elongated
    .filter((b) => isTall(b.quad) === sideways)
    .sort((a, b) => Math.max(b.width, b.height) - Math.max(a.width, a.height))
    .slice(0, OCR_TUNING.voters);
    // Each crop is also classified turned over: what reads alike both ways (fillers, a signature) gets no vote.
  const crops = voters.map((b) => cropLine(page, b.quad));
  const both = await upsideDownProbabilities([...crops, ...crops.map((crop) => rotateImage(crop, 180))]);
  // Each voter weighs by its certainty, so a few confused short lines do not outvote clear ones.
  const vote = crops.reduce((sum, _, i) => sum + both[i]! - both[crops.length + i]!, 0);
  const upsideDown = vote > 0;
  if (sideways) return upsideDown ? 90 : 270;
  return upsideDown ? 180 : 0;
}
