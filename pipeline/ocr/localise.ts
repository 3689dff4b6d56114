/** Finds the document's text region and warps it upright and enlarged, so small captions read larger. */
import { quadSize, type Point, type Quad } from './geometry.js';
import type { ScoredQuad } from './db-postprocess.js';
import { detectText, detectionSize } from './detector.js';
import { warpQuad } from './sampling.js';
import type { RgbImage } from '../image.js';
import { OCR_TUNING } from './tunables.js';


/** The document's text region, upright: its frame is `width` × `height`, mapped onto `quad` of the page. */
export interface Region {
  quad: Quad;
  width: number;
  height: number;
}

/** The upright region around the text, or undefined when the page is already one. */
export function localiseText(page: RgbImage, boxes: readonly ScoredQuad[]): Region | undefined {
  const sized = boxes.map((b) => ({ quad: b.quad, score: b.score, ...quadSize(b.quad) }));
  const heights = sized.map((b) => Math.min(b.width, b.height)).sort((a, b) => a - b);
  if (heights.length < 3) return undefined;
  const median = heights[Math.floor(heights.length / 2)]!;
  const angles = sized.filter((b) => b.width >= OCR_TUNING.skewMinAspect * b.height)
    .map((b) => Math.atan2(b.quad[1].y - b.quad[0].y, b.quad[1].x - b.quad[0].x))
    .filter((a) => Math.abs(a) < Math.PI / 6).sort((a, b) => a - b);
  const skew = angles.length === 0 ? 0 : angles[Math.floor(angles.length / 2)]!;
  const cos = Math.cos(skew);
  const sin = Math.sin(skew);
  const toFrame = (p: Point): Point => ({ x: p.x * cos + p.y * sin, y: -p.x * sin + p.y * cos });
  const toPage = (p: Point): Point => ({ x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos });
  const kept = sized.filter((b) => b.score >= OCR_TUNING.minScore && Math.min(b.width, b.height) < 3 * median && Math.min(b.width, b.height) > median / 3);
  if (kept.length < 3) return undefined;
  const points = kept.flatMap((b) => b.quad.map(toFrame));
  const pad = OCR_TUNING.padHeights * median;
  const x0 = Math.min(...points.map((p) => p.x)) - pad;
  const x1 = Math.max(...points.map((p) => p.x)) + pad;
  const y0 = Math.min(...points.map((p) => p.y)) - pad;
  const y1 = Math.max(...points.map((p) => p.y)) + pad;
  const area = (x1 - x0) * (y1 - y0);
  const small = Math.max(page.width, page.height) < 0.75 * OCR_TUNING.targetSide;
  if (Math.abs(skew) < OCR_TUNING.minSkew && area > OCR_TUNING.maxAreaShare * page.width * page.height && !small) return undefined;
  const quad: Quad = [toPage({ x: x0, y: y0 }), toPage({ x: x1, y: y0 }), toPage({ x: x1, y: y1 }), toPage({ x: x0, y: y1 })];
  const scale = Math.min(OCR_TUNING.maxEnlarge, Math.max(1, OCR_TUNING.targetSide / Math.max(x1 - x0, y1 - y0)));
  const width = Math.max(1, Math.round((x1 - x0) * scale));
  const height = Math.max(1, Math.round((y1 - y0) * scale));
  return { quad, width, height };
}

export function toPage(region: Region, p: Point): Point {
  const [a, b, , d] = region.quad;
  const u = p.x / region.width;
  const v = p.y / region.height;
  return { x: a.x + u * (b.x - a.x) + v * (d.x - a.x), y: a.y + u * (b.y - a.y) + v * (d.y - a.y) };
}

export const quadToPage = (region: Region, quad: Quad): Quad => quad.map((p) => toPage(region, p)) as Quad;

/** Text boxes of the region, in its frame: the detector's input warped from the page at the detector's size. */
export async function detectRegion(page: RgbImage, region: Region): Promise<ScoredQuad[]> {
  const size = detectionSize(region.width, region.height, OCR_TUNING.detectionMaxSide);
  return detectText(warpQuad(page, region.quad, size.width, size.height), {}, region);
}
