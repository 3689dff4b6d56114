/**
 * The holder's signature: handwriting reads as a wide, tall box of a few letters at low confidence
 * (or none) in the card's lower half. The largest such box, widened, is it; none found is none reported.
 */
import type { OcrLine } from '../ocr/read-lines.js';
import type { Quad } from '../ocr/geometry.js';
import { quadToPage, type Region } from '../ocr/localise.js';
import { warpQuad } from '../ocr/sampling.js';
import type { RgbImage } from '../image.js';
import { FRONT_TUNING } from './tunables.js';

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

export function locateSignature(lines: readonly OcrLine[], page: { width: number; height: number }): Rect | undefined {
  // Nothing below the MRZ is a signature: the zone ends the page.
  const mrzTop = Math.min(...lines.filter((l) => /<{2,}/.test(l.text)).map((l) => boundsOf(l.box).top));
  const printed = lines.filter((l) => l.confidence >= FRONT_TUNING.printedConfidence).map((l) => boundsOf(l.box).height).sort((a, b) => a - b);
  if (printed.length === 0) return undefined;
  const lineHeight = printed[Math.floor(printed.length / 2)]!;
  const candidates = lines
    .filter((l) => l.confidence < FRONT_TUNING.signatureMaxConfidence)
    .map((l) => boundsOf(l.box))
    .filter((r) => r.top + r.height / 2 > FRONT_TUNING.signatureMinCentre * page.height && r.top + r.height < mrzTop && r.height >= FRONT_TUNING.signatureMinHeightRatio * lineHeight
      && r.width >= FRONT_TUNING.signatureMinAspect * r.height && r.width >= FRONT_TUNING.signatureMinWidthShare * page.width);
  const largest = candidates.sort((a, b) => b.width * b.height - a.width * a.height)[0];
  if (largest === undefined) return undefined;
  const margin = FRONT_TUNING.signatureMargin * largest.height;
  const left = Math.max(0, Math.floor(largest.left - margin));
  const top = Math.max(0, Math.floor(largest.top - margin));
  const right = Math.min(page.width, Math.ceil(largest.left + largest.width + margin));
  const bottom = Math.min(page.height, Math.ceil(largest.top + largest.height + margin));
  return { left, top, width: right - left, height: bottom - top };
}

export function cropRect(page: RgbImage, rect: Rect, region?: Region): RgbImage {
  const [left, top, right, bottom] = [rect.left, rect.top, rect.left + rect.width, rect.top + rect.height];
  const corners: Quad = [{ x: left, y: top }, { x: right, y: top }, { x: right, y: bottom }, { x: left, y: bottom }];
  return warpQuad(page, region === undefined ? corners : quadToPage(region, corners), rect.width, rect.height);
}
