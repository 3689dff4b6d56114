/**
 * Cutting a located symbol out upright: one perspective warp maps its quadrilateral onto a
 * rectangle with a margin of quiet zone around it, scaled so that a module spans a few pixels
 * (zxing wants at least about two). A sharpened variant helps where blur has greyed the narrow
 * bars. (A locally binarised variant was tried too and never read a crop that these two missed:
 * zxing's own binariser already thresholds against a local mean.)
 */
import { matFromPixels, pixelsOf, withMats, type OpenCv } from '../backends/opencv.js';
import type { GreyPixels } from '../backends/zxing.js';
import type { Point, Quad } from './locate.js';

/** Symbols are brought to about this width: a licence symbol is about 290 modules wide, so a
 * module spans 3 px or more. The warp and the read cost in proportion to the crop's pixels. */
const CROP_WIDTH = 1000;
/** Small symbols are upscaled by at most this factor: beyond it, interpolation adds no detail; */
const MAX_UPSCALE = 3;
/** large ones are only mildly downscaled, for symbols with many more columns. */
const MIN_SCALE = 0.75;
/** Margin around the symbol: a share of its height above and below, of its width left and right
 * (the located block may stop short of the start and stop patterns' outer bars). */
const MARGIN_Y = 0.12;
const MARGIN_X = 0.04;
const MIN_MARGIN = 16;

const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

/** The symbol inside `quad`, warped upright onto a rectangle with a margin. */
export function uprightCrop(cv: OpenCv, image: GreyPixels, quad: Quad): GreyPixels {
  const [tl, tr, br, bl] = quad;
  const symbolWidth = Math.max(distance(tl, tr), distance(bl, br));
  const symbolHeight = Math.max(distance(tl, bl), distance(tr, br));
  const factor = Math.min(MAX_UPSCALE, Math.max(MIN_SCALE, CROP_WIDTH / symbolWidth));
  const w = Math.round(symbolWidth * factor);
  const h = Math.round(symbolHeight * factor);
  const mx = Math.max(MIN_MARGIN, Math.round(MARGIN_X * w));
  const my = Math.max(MIN_MARGIN, Math.round(MARGIN_Y * h));
  const width = w + 2 * mx;
  const height = h + 2 * my;
  return withMats((track) => {
    const source = track(matFromPixels(cv, image.grey, image.width, image.height));
    const from = track(cv.matFromArray(4, 1, cv.CV_32FC2, quad.flatMap((p) => [p.x, p.y])));
    const to = track(cv.matFromArray(4, 1, cv.CV_32FC2, [mx, my, mx + w, my, mx + w, my + h, mx, my + h]));
    const homography = track(cv.getPerspectiveTransform(from, to));
    const crop = track(new cv.Mat());
    cv.warpPerspective(source, crop, homography, new cv.Size(width, height),
      factor > 1 ? cv.INTER_CUBIC : cv.INTER_LINEAR, cv.BORDER_REPLICATE);
    return { width, height, grey: pixelsOf(crop) };
  });
}

/** The crop sharpened by an unsharp mask of about one module: for blur that greys narrow bars. */
export function sharpened(cv: OpenCv, crop: GreyPixels): GreyPixels {
  return withMats((track) => {
    const mat = track(matFromPixels(cv, crop.grey, crop.width, crop.height));
    const blurred = track(new cv.Mat());
    cv.GaussianBlur(mat, blurred, new cv.Size(0, 0), Math.max(1.5, crop.width / 300));
    cv.addWeighted(mat, 2, blurred, -1, 0, mat);
    return { width: crop.width, height: crop.height, grey: pixelsOf(mat) };
  });
}
