/**
 * The holder's signature on a front. The text detector finds handwriting as it finds print, but
 * the recogniser cannot read it: a signature comes back as a wide box of a few letters read at low
 * confidence (`Wrn` 0.25, `ww` 0.23) or of nothing at all (read-front.ts passes those at 0), in the lower half of the card, below the data lines (ID-1
 * cards print it under the portrait; passports and TD2 cards under the data), taller than the
 * printed lines. The largest such box, widened to take in the strokes that stray beyond it, is the signature. Where none is found
 * the response has none: an empty field says "not found", never a guess at a region of print.
 */
import type { OcrLine } from '../ocr/read-lines.js';
import type { Quad } from '../ocr/geometry.js';
import { quadToPage, type Region } from '../ocr/localise.js';
import { warpQuad } from '../ocr/sampling.js';
import type { RgbImage } from '../image.js';

/** Lines read above this mean confidence are print (captions, values), not handwriting. */
const MAX_CONFIDENCE = 0.65;
/** A signature box lies below this share of the page's height… */
const MIN_CENTRE = 0.5;
/** …is at least this many times wider than high… */
const MIN_ASPECT = 1.5;
/** …and at least this share of the page's width. */
const MIN_WIDTH_SHARE = 0.08;
/**
 * …and taller than the printed lines (median of those read surely): handwriting is, and the
 * garbled captions that also read at low confidence are smaller than the values (0.5–0.8 of
 * their height on the specimen corpus; signatures 1.3–2.6).
 */
const MIN_HEIGHT_RATIO = 1.1;
const SURE_CONFIDENCE = 0.9;
/** Strokes stray beyond the detector's box by about this share of its height (each side). */
const MARGIN = 0.4;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

function boundsOf(box: readonly number[]): Rect {
  const xs = [box[0]!, box[2]!, box[4]!, box[6]!];
  const ys = [box[1]!, box[3]!, box[5]!, box[7]!];
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/** Where the signature lies on the upright page the lines were read from, or undefined. */
export function locateSignature(lines: readonly OcrLine[], page: { width: number; height: number }): Rect | undefined {
  // Nothing below the MRZ is a signature: the zone ends the page.
  const mrzTop = Math.min(...lines.filter((l) => /<{2,}/.test(l.text)).map((l) => boundsOf(l.box).top));
  const printed = lines.filter((l) => l.confidence >= SURE_CONFIDENCE).map((l) => boundsOf(l.box).height).sort((a, b) => a - b);
  if (printed.length === 0) return undefined;
  const lineHeight = printed[Math.floor(printed.length / 2)]!;
  const candidates = lines
    .filter((l) => l.confidence < MAX_CONFIDENCE)
    .map((l) => boundsOf(l.box))
    .filter((r) => r.top + r.height / 2 > MIN_CENTRE * page.height && r.top + r.height < mrzTop && r.height >= MIN_HEIGHT_RATIO * lineHeight
      && r.width >= MIN_ASPECT * r.height && r.width >= MIN_WIDTH_SHARE * page.width);
  const largest = candidates.sort((a, b) => b.width * b.height - a.width * a.height)[0];
  if (largest === undefined) return undefined;
  const margin = MARGIN * largest.height;
  const left = Math.max(0, Math.floor(largest.left - margin));
  const top = Math.max(0, Math.floor(largest.top - margin));
  const right = Math.min(page.width, Math.ceil(largest.left + largest.width + margin));
  const bottom = Math.min(page.height, Math.ceil(largest.top + largest.height + margin));
  return { left, top, width: right - left, height: bottom - top };
}

/** The pixels of a rectangle of an RGB page, or of its region's frame (localise.ts). */
export function cropRect(page: RgbImage, rect: Rect, region?: Region): RgbImage {
  const [left, top, right, bottom] = [rect.left, rect.top, rect.left + rect.width, rect.top + rect.height];
  const corners: Quad = [{ x: left, y: top }, { x: right, y: top }, { x: right, y: bottom }, { x: left, y: bottom }];
  return warpQuad(page, region === undefined ? corners : quadToPage(region, corners), rect.width, rect.height);
}
