/** The capture measures, 0–100: sharpness (edge energy over contrast), glare (blown-out share), brightness (the lightest tenth). */
import type { Reduced } from './thumbnail.js';

/** Tunables; docs/capture-feedback.md gives the measurement behind each. */
export const MEASURES = Object.freeze({
  /** Laplacian energy over grey variance at which sharpness reads 100. */
  sharpAt100: 0.5,
  /** Grey level from which a pixel is saturated. */
  saturated: 250,
  /** Blown-out share of the frame at which glare reads 100. */
  glareAt100: 0.05,
});

export function sharpnessScore(grey: Reduced): number {
  const { width, height, data } = grey;
  let lapSum = 0;
  let lapSq = 0;
  let sum = 0;
  let sq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const v = data[i]!;
      const lap = data[i - 1]! + data[i + 1]! + data[i - width]! + data[i + width]! - 4 * v;
      lapSum += lap;
      lapSq += lap * lap;
      sum += v;
      sq += v * v;
      n += 1;
    }
  }
  if (n === 0) return 0;
  const lapVar = lapSq / n - (lapSum / n) ** 2;
  const greyVar = sq / n - (sum / n) ** 2;
  if (greyVar < 1) return 0;
  return Math.min(100, Math.round((100 * lapVar) / greyVar / MEASURES.sharpAt100));
}

/** Glare 0–100: pixels blown out in every channel with their whole 5 × 5 neighbourhood (thin white print is not glare). */
export function glareScore(rgb: Reduced): number {
  const { width, height, data } = rgb;
  const blown = new Uint8Array(width * height);
  for (let p = 0, i = 0; p < blown.length; p += 1, i += 3) {
    blown[p] = data[i]! >= MEASURES.saturated && data[i + 1]! >= MEASURES.saturated && data[i + 2]! >= MEASURES.saturated ? 1 : 0;
  }
  // Erosion by a 5 × 5 square, separably: five blown in a row, then five such rows in a column.
  const rows = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    let run = 0;
    for (let x = 0; x < width; x += 1) {
      run = blown[y * width + x] ? run + 1 : 0;
      if (run >= 5) rows[y * width + x - 2] = 1;
    }
  }
  let count = 0;
  for (let x = 0; x < width; x += 1) {
    let run = 0;
    for (let y = 0; y < height; y += 1) {
      run = rows[y * width + x] ? run + 1 : 0;
      if (run >= 5) count += 1;
    }
  }
  return Math.min(100, Math.round((100 * count) / Math.max(1, width * height) / MEASURES.glareAt100));
}

/** Brightness 0–100 of a reduced RGB image: its 90th-percentile luminance (Rec. 601), over 255. */
export function brightnessScore(rgb: Reduced): number {
  const histogram = new Uint32Array(256);
  const { data } = rgb;
  for (let i = 0; i < data.length; i += 3) histogram[(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!) | 0] += 1;
  const count = data.length / 3;
  let seen = 0;
  for (let level = 0; level < 256; level += 1) {
    seen += histogram[level]!;
    if (seen >= 0.9 * count) return Math.round((100 * level) / 255);
  }
  return 100;
}
