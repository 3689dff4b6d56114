/**
 * Finds the document in a photo from where its text is, so that the text can be read again from
 * the document alone: turned upright, cropped, and enlarged where it is small.
 *
 *   first detection's boxes ─► skew (median angle of the long boxes) ─► extent of the boxes in
 *   the deskewed frame, padded ─► that rotated rectangle, with the size it is read at
 *
 * The text detector runs on a page shrunk to 736 px; on a phone photo the card is only part of
 * the frame and its small captions shrink to a few pixels there and are lost. Cut to the text's
 * extent and brought to the detector's size, the same captions are 1.5–3 times larger; a
 * low-resolution capture is enlarged the same way. A page that is already upright, filled by its
 * text and large enough (a scan) is left as it is.
 *
 * The region is not warped out whole: the detector's input and each line's crop are warped
 * straight from the page (`detectRegion`, crop.ts), which costs a third of the time (a 1500 px
 * front's region warped whole took about 40 ms) and samples every crop once instead of twice.
 */
import { quadSize, type Point, type Quad } from './geometry.js';
import type { ScoredQuad } from './db-postprocess.js';
import { DETECTION_MAX_SIDE, detectText, detectionSize } from './detector.js';
import { warpQuad } from './sampling.js';
import type { RgbImage } from '../image.js';

/** Boxes this much longer than high give the skew. */
const SKEW_MIN_ASPECT = 2.5;
/** Below this skew (radians, about 2°) and above this share of the page, cropping gains nothing. */
const MIN_SKEW = 0.035;
const MAX_AREA_SHARE = 0.7;
/** Padding around the text's extent, in median box heights: captions and edges lost at first sight. */
const PAD_HEIGHTS = 2.5;
/** Boxes with a lower detector score, or far from the median height, do not set the extent. */
const MIN_SCORE = 0.7;
/** The crop's larger side is brought to at least this (the detector's input size). */
const TARGET_SIDE = 960;
/** … but never enlarged more than this. */
const MAX_ENLARGE = 2.5;

/** The document's text region, upright: its frame is `width` × `height`, mapped onto `quad` of the page. */
export interface Region {
  /** Where it lies in the input page (corners clockwise from top-left). */
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
  const angles = sized.filter((b) => b.width >= SKEW_MIN_ASPECT * b.height)
    .map((b) => Math.atan2(b.quad[1].y - b.quad[0].y, b.quad[1].x - b.quad[0].x))
    .filter((a) => Math.abs(a) < Math.PI / 6).sort((a, b) => a - b);
  const skew = angles.length === 0 ? 0 : angles[Math.floor(angles.length / 2)]!;
  const cos = Math.cos(skew);
  const sin = Math.sin(skew);
  const toFrame = (p: Point): Point => ({ x: p.x * cos + p.y * sin, y: -p.x * sin + p.y * cos });
  const toPage = (p: Point): Point => ({ x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos });
  const kept = sized.filter((b) => b.score >= MIN_SCORE && Math.min(b.width, b.height) < 3 * median && Math.min(b.width, b.height) > median / 3);
  if (kept.length < 3) return undefined;
  const points = kept.flatMap((b) => b.quad.map(toFrame));
  const pad = PAD_HEIGHTS * median;
  const x0 = Math.min(...points.map((p) => p.x)) - pad;
  const x1 = Math.max(...points.map((p) => p.x)) + pad;
  const y0 = Math.min(...points.map((p) => p.y)) - pad;
  const y1 = Math.max(...points.map((p) => p.y)) + pad;
  const area = (x1 - x0) * (y1 - y0);
  const small = Math.max(page.width, page.height) < 0.75 * TARGET_SIDE;
  if (Math.abs(skew) < MIN_SKEW && area > MAX_AREA_SHARE * page.width * page.height && !small) return undefined;
  const quad: Quad = [toPage({ x: x0, y: y0 }), toPage({ x: x1, y: y0 }), toPage({ x: x1, y: y1 }), toPage({ x: x0, y: y1 })];
  const scale = Math.min(MAX_ENLARGE, Math.max(1, TARGET_SIDE / Math.max(x1 - x0, y1 - y0)));
  const width = Math.max(1, Math.round((x1 - x0) * scale));
  const height = Math.max(1, Math.round((y1 - y0) * scale));
  return { quad, width, height };
}

/** A point of the region's frame in the page's pixels (the region is a rotated rectangle). */
export function toPage(region: Region, p: Point): Point {
  const [a, b, , d] = region.quad;
  const u = p.x / region.width;
  const v = p.y / region.height;
  return { x: a.x + u * (b.x - a.x) + v * (d.x - a.x), y: a.y + u * (b.y - a.y) + v * (d.y - a.y) };
}

/** A quad of the region's frame in the page's pixels. */
export const quadToPage = (region: Region, quad: Quad): Quad => quad.map((p) => toPage(region, p)) as Quad;

/** Text boxes of the region, in its frame: the detector's input warped from the page at the detector's size. */
export async function detectRegion(page: RgbImage, region: Region): Promise<ScoredQuad[]> {
  const size = detectionSize(region.width, region.height, DETECTION_MAX_SIDE);
  return detectText(warpQuad(page, region.quad, size.width, size.height), {}, region);
}
