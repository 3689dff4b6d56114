/** A line crop's inked columns (Otsu's threshold); a column counts only when enough of its height is ink. */
import type { RgbImage } from '../image.js';
import { otsu } from './otsu.js';
import { greyOf } from './sampling.js';

const MIN_INK_SHARE = 0.06;

/** The ink pixels of each column of `crop`. */
export function inkProfile(crop: RgbImage): number[] {
  const { width, height, grey } = greyOf(crop);
  const threshold = otsu(grey);
  return Array.from({ length: width }, (_, x) => {
    let ink = 0;
    for (let y = 0; y < height; y += 1) if (grey[y * width + x]! <= threshold) ink += 1;
    return ink;
  });
}

/** The ink runs of `crop`, left to right, each [first column, column past the last). */
export function inkRuns(crop: RgbImage, profile = inkProfile(crop)): [number, number][] {
  const least = Math.max(1, Math.round(crop.height * MIN_INK_SHARE));
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= profile.length; x += 1) {
    const inked = x < profile.length && profile[x]! >= least;
    if (inked && start < 0) start = x;
    if (!inked && start >= 0) {
      runs.push([start, x]);
      start = -1;
    }
  }
  return runs;
}
