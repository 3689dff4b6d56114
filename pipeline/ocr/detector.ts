/**
 * PP-OCRv4 text detection: the page is resized so that both sides are multiples of 32 and the
 * larger is at most `maxSide`, normalised with ImageNet statistics in BGR order (as PaddleOCR
 * feeds it), run through the DB network, and its probability map turned into boxes
 * (db-postprocess.ts) in the page's pixel coordinates, sorted in reading order.
 */
import { floatTensor, runFloat } from '../backends/onnx.js';
import { DB_DEFAULTS, dbBoxes, type DbOptions, type ScoredQuad } from './db-postprocess.js';
import { DETECTION_MODEL } from './model-files.js';
import { ocrSession } from './sessions.js';
import { IMAGENET, writeTensor } from './sampling.js';
import type { RgbImage } from '../image.js';
import { sortReadingOrder } from './reading-order.js';

/**
 * Larger side of the detector's input. Text on a 1500 px card or data page is 20–40 px high, still
 * 9–18 px at 736, which DB finds as at 960 for about a third of the time (84 vs 273 ms, 1 thread).
 * 640 saves another 8 % of the OCR stage but loses small captions: front key fields 80.2 → 78.2 %
 * and tamper detection 75 → 70 % on the accuracy bench (seed 4242, 200 specimens).
 */
export const DETECTION_MAX_SIDE = 736;

export interface DetectOptions extends DbOptions {
  maxSide: number;
}

const DEFAULTS: DetectOptions = Object.freeze({ ...DB_DEFAULTS, maxSide: DETECTION_MAX_SIDE });

/** The detector's input size for a page: sides rounded to multiples of 32, larger ≤ maxSide. */
export function detectionSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const round32 = (v: number): number => Math.max(32, Math.round((v * scale) / 32) * 32);
  return { width: round32(width), height: round32(height) };
}

/**
 * Text boxes of a page, in reading order, each with its DB score; in `frame`'s pixels where
 * `image` is a scaled copy of a larger frame (localise.ts's region).
 */
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
