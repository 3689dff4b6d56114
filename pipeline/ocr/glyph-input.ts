/**
 * One glyph of a line crop as the look-alike classifier takes it (models/glyphs/): ink 1 and paper
 * 0 by Otsu's threshold, the glyph's ink box centred in a square of GLYPH_SIDE² samples with its
 * aspect kept, since a 1 differs from an I and a 0 from an O mostly by width. The glyph's rows
 * are its columns' tallest run of inked rows, so that a speck of a line above or a pattern's dot
 * does not shrink it. It mirrors
 * `normalise` of scripts/glyph-pairs/glyph_data.py, which made the classifier's training glyphs.
 */
import type { RgbImage } from '../image.js';
import { otsu } from './otsu.js';
import { greyOf } from './sampling.js';

export const GLYPH_SIDE = 32;

/** The glyph in columns [x0, x1) of `crop`; undefined where those columns hold no ink. */
export function glyphInput(crop: RgbImage, x0: number, x1: number): Float32Array | undefined {
  const { width, height, grey } = greyOf(crop);
  const threshold = otsu(grey);
  let paperSum = 0; let paperCount = 0; let inkSum = 0; let inkCount = 0;
  for (const v of grey) {
    if (v <= threshold) { inkSum += v; inkCount += 1; } else { paperSum += v; paperCount += 1; }
  }
  const paper = paperCount > 0 ? paperSum / paperCount : 255;
  const dark = inkCount > 0 ? inkSum / inkCount : 0;
  const left = Math.max(0, x0);
  const right = Math.min(width, x1);
  const inked = Array.from({ length: height }, (_, y) => {
    for (let x = left; x < right; x += 1) if (grey[y * width + x]! <= threshold) return true;
    return false;
  });
  const rows = tallestRun(inked);
  if (rows === undefined || right <= left) return undefined;
  const [top, bottom] = rows;
  const side = Math.max(bottom - top, right - left) * 1.2 + 2;
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  const span = Math.max(1e-3, paper - dark);
  const step = (k: number): number => (k + 0.5 - GLYPH_SIDE / 2) * side / GLYPH_SIDE - 0.5;
  const out = new Float32Array(GLYPH_SIDE * GLYPH_SIDE);
  for (let j = 0; j < GLYPH_SIDE; j += 1) {
    const y = cy + step(j);
    if (y < -0.5 || y > height - 0.5) continue;
    const yi = Math.min(height - 1, Math.max(0, Math.floor(y + 0.5)));
    for (let i = 0; i < GLYPH_SIDE; i += 1) {
      const x = cx + step(i);
      if (x < left - 0.5 || x > right - 0.5) continue;
      const xi = Math.min(width - 1, Math.max(0, Math.floor(x + 0.5)));
      out[j * GLYPH_SIDE + i] = Math.min(1, Math.max(0, (paper - grey[yi * width + xi]!) / span));
    }
  }
  return out;
}

/** The longest run of true rows, a one-row gap bridged, as [first, past the last]. */
function tallestRun(inked: readonly boolean[]): [number, number] | undefined {
  let best: [number, number] | undefined;
  let start = -1;
  let last = -1;
  for (let y = 0; y < inked.length; y += 1) {
    if (!inked[y]) continue;
    if (start < 0 || y - last > 2) start = y;
    last = y;
    if (best === undefined || last + 1 - start > best[1] - best[0]) best = [start, last + 1];
  }
  return best;
}
