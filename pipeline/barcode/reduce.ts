/** Halving large images (bilinear to exactly half averages 2×2 blocks): a licence symbol across a 1500 px back keeps 2 px modules. */
import { matFromPixels, pixelsOf, withMats, type OpenCv } from '../backends/opencv.js';
import type { GreyPixels } from '../backends/zxing.js';

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
