/**
 * Halving large images before the cheap read and the search. Bilinear resampling to exactly half
 * size averages 2×2 blocks, a cheap anti-aliased downscale; a licence symbol that spans a 1500 px
 * back image keeps modules of 2 px or more at 750 px, and zxing's failing pass over the halved
 * image costs a quarter of one over the full image.
 */
import { matFromPixels, pixelsOf, withMats, type OpenCv } from '../backends/opencv.js';
import type { GreyPixels } from '../backends/zxing.js';

/** `image` halved until its larger side is at most `maxSide` (the image itself when it already is). */
export function halvedTo(cv: OpenCv, image: GreyPixels, maxSide: number): GreyPixels {
  if (Math.max(image.width, image.height) <= maxSide) return image;
  return withMats((track) => {
    let mat = track(matFromPixels(cv, image.grey, image.width, image.height));
    while (Math.max(mat.cols, mat.rows) > maxSide) {
      const half = track(new cv.Mat());
      cv.resize(mat, half, new cv.Size(Math.ceil(mat.cols / 2), Math.ceil(mat.rows / 2)), 0, 0, cv.INTER_LINEAR);
      mat = half;
    }
    return { width: mat.cols, height: mat.rows, grey: pixelsOf(mat) };
  });
}
