/**
 * Line crops for the recogniser: each detected box warped out of the RGB page into an upright
 * rectangle of its own size (PaddleOCR's get_rotate_crop_image). A box at least 1.5 times taller
 * than wide holds text running down the page; it is turned a quarter counter-clockwise, as
 * PaddleOCR does, so that the line lies horizontal (the direction classifier settles 0° vs 180°).
 */
import { quadSize, type Quad } from './geometry.js';
import { quadToPage, type Region } from './localise.js';
import { rotateImage, warpQuad } from './sampling.js';
import type { RgbImage } from '../image.js';

/** Boxes at least this much taller than wide are turned before recognition. */
export const TALL_RATIO = 1.5;

/**
 * The upright crop of `quad` from `page`; with a `region`, `quad` is in the region's frame and
 * the crop, of the quad's size there, is warped straight from the page.
 */
export function cropLine(page: RgbImage, quad: Quad, region?: Region): RgbImage {
  const size = quadSize(quad);
  const width = Math.max(1, Math.round(size.width));
  const height = Math.max(1, Math.round(size.height));
  const crop = warpQuad(page, region === undefined ? quad : quadToPage(region, quad), width, height);
  return height >= TALL_RATIO * width ? rotateImage(crop, 270) : crop;
}

/** True when a box is tall enough to be text running down the page. */
export function isTall(quad: Quad): boolean {
  const { width, height } = quadSize(quad);
  return height >= TALL_RATIO * width;
}
