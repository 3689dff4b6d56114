/** PP-OCRv4 text detection: the page at multiples of 32 (larger side ≤ `maxSide`), the DB map into boxes, in reading order. */
import { floatTensor, runFloat } from '../backends/onnx.js';
import { DB_DEFAULTS, dbBoxes, type DbOptions, type ScoredQuad } from './db-postprocess.js';
import { DETECTION_MODEL } from './model-files.js';
import { ocrSession } from './sessions.js';
import { IMAGENET, writeTensor } from './sampling.js';
import type { RgbImage } from '../image.js';
import { sortReadingOrder } from './reading-order.js';
import { OCR_TUNING } from './tunables.js';


export interface DetectOptions extends DbOptions {
  maxSide: number;
}

const DEFAULTS: DetectOptions = Object.freeze({ ...DB_DEFAULTS, maxSide: OCR_TUNING.detectionMaxSide });

export function detectionSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const round32 = (v: number): number => Math.max(32, Math.round((v * scale) / 32) * 32);
  return { width: round32(width), height: round32(height) };
}

/** Text boxes of a page in reading order with their DB scores, in `frame`'s pixels where `image` is a scaled copy. */
export async function detectText(image: RgbImage, options: Partial<DetectOptions> = {},
  frame: { width: number; height: number } = image): Promise<ScoredQuad[]> {
  const opts = { ...DEFAULTS, ...options };
  const size = detectionSize(image.width, image.height, opts.maxSide);
  const input = new Float32Array(3 * size.width * size.height);
  writeTensor(image, size.width, size.height, IMAGENET, input);
  const session = await ocrSession(DETECTION_MODEL);
  const output = await runFloat(session, floatTensor(input, [1, 3, size.height, size.width]));
  const [, , mapHeight, mapWidth] = output.dims as [number, number, number, number];
  const boxes = dbBoxes({ data: output.data, width: mapWidth, height: mapHeight }, frame.width, frame.height, opts);
  return sortReadingOrder(boxes, (b) => b.quad);
}
