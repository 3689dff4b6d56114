/** Line crops: each box warped upright at its own size (PaddleOCR's get_rotate_crop_image); a tall box turned a quarter. */
import { quadSize, type Quad } from './geometry.js';
import { quadToPage, type Region } from './localise.js';
import { rotateImage, warpQuad } from './sampling.js';
import type { RgbImage } from '../image.js';
import { OCR_TUNING } from './tunables.js';


/** The upright crop of `quad`; with a `region`, `quad` is in its frame and warped straight from the page. */
export function cropLine(page: RgbImage, quad: Quad, region?: Region): RgbImage {
  const size = quadSize(quad);
  const width = Math.max(1, Math.round(size.width));
  const height = Math.max(1, Math.round(size.height));
  const crop = warpQuad(page, region === undefined ? quad : quadToPage(region, quad), width, height);
  return height >= OCR_TUNING.tallRatio * width ? rotateImage(crop, 270) : crop;
}

export function isTall(quad: Quad): boolean {
  const { width, height } = quadSize(quad);
  return height >= OCR_TUNING.tallRatio * width;
}
