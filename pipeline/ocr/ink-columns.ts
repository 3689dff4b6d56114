/** A line crop cut into its inked column runs (Otsu's threshold); a column counts only when enough of its height is ink. */
import type { RgbImage } from '../image.js';
import { otsu } from './otsu.js';
import { greyOf } from './sampling.js';

const MIN_INK_SHARE = 0.06;

/** The ink runs of `crop`, left to right, each [first column, column past the last). */
export function inkRuns(crop: RgbImage): [number, number][] {
  const { width, height, grey } = greyOf(crop);
  const threshold = otsu(grey);
  const least = Math.max(1, Math.round(height * MIN_INK_SHARE));
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= width; x += 1) {
    let ink = 0;
    if (x < width) for (let y = 0; y < height && ink < least; y += 1) if (grey[y * width + x]! <= threshold) ink += 1;
    const inked = ink >= least;
    if (inked && start < 0) start = x;
    if (!inked && start >= 0) {
      runs.push([start, x]);
      start = -1;
    }
  }
  return runs;
}

export function columnsOf(crop: RgbImage, x0: number, x1: number): RgbImage {
  const from = Math.max(0, Math.floor(x0));
  const width = Math.max(1, Math.min(crop.width, Math.ceil(x1)) - from);
  const rgb = new Uint8Array(width * crop.height * 3);
  for (let y = 0; y < crop.height; y += 1) rgb.set(crop.rgb.subarray((y * crop.width + from) * 3, (y * crop.width + from + width) * 3), y * width * 3);
  return { width, height: crop.height, rgb };
}
