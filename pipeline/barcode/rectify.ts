/** A located symbol cut out upright (a perspective warp, a quiet-zone margin, a few pixels a module); plain and sharpened. */
import { matFromPixels, pixelsOf, withMats, type OpenCv } from '../backends/opencv.js';
import type { GreyPixels } from '../backends/zxing.js';
import type { Point, Quad } from './locate.js';
import { BARCODE_TUNING } from './tunables.js';

const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

export function uprightCrop(cv: OpenCv, image: GreyPixels, quad: Quad): GreyPixels {
  const [tl, tr, br, bl] = quad;
  const symbolWidth = Math.max(distance(tl, tr), distance(bl, br));
  const symbolHeight = Math.max(distance(tl, bl), distance(tr, br));
  const factor = Math.min(BARCODE_TUNING.maxUpscale, Math.max(BARCODE_TUNING.minScale, BARCODE_TUNING.cropWidth / symbolWidth));
  const w = Math.round(symbolWidth * factor);
  const h = Math.round(symbolHeight * factor);
  const mx = Math.max(BARCODE_TUNING.minMargin, Math.round(BARCODE_TUNING.marginX * w));
  const my = Math.max(BARCODE_TUNING.minMargin, Math.round(BARCODE_TUNING.marginY * h));
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

export function sharpened(cv: OpenCv, crop: GreyPixels): GreyPixels {
  return withMats((track) => {
    const mat = track(matFromPixels(cv, crop.grey, crop.width, crop.height));
    const blurred = track(new cv.Mat());
    cv.GaussianBlur(mat, blurred, new cv.Size(0, 0), Math.max(1.5, crop.width / 300));
    cv.addWeighted(mat, 2, blurred, -1, 0, mat);
    return { width: crop.width, height: crop.height, grey: pixelsOf(mat) };
  });
}
