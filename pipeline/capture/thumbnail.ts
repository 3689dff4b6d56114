/** Reductions of an intake image for the capture measures, which need a few hundred pixels, not 1500. */
import type { PreparedImage } from '../job.js';

export interface Reduced {
  width: number;
  height: number;
  channels: number;
  data: Float32Array;
}

/** A grey image halved (each output pixel the mean of a 2 × 2 block): pixel noise averages out, a blur does not. */
export function halve(grey: Buffer, width: number, height: number): Reduced {
  const w = Math.max(1, width >> 1);
  const h = Math.max(1, height >> 1);
  const data = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    const top = 2 * y * width;
    const bottom = top + width;
    for (let x = 0, o = y * w; x < w; x += 1, o += 1) {
      const i = 2 * x;
      data[o] = (grey[top + i]! + grey[top + i + 1]! + grey[bottom + i]! + grey[bottom + i + 1]!) / 4;
    }
  }
  return { width: w, height: h, channels: 1, data };
}

/** An RGB image sampled every `factor` pixels (each block's centre): the shapes measured are tens of pixels wide. */
export function sample(rgb: Buffer, width: number, height: number, factor: number): Reduced {
  const w = Math.max(1, Math.floor(width / factor));
  const h = Math.max(1, Math.floor(height / factor));
  const data = new Float32Array(w * h * 3);
  const half = factor >> 1;
  for (let y = 0; y < h; y += 1) {
    const row = (y * factor + half) * width;
    for (let x = 0; x < w; x += 1) {
      const from = (row + x * factor + half) * 3;
      const to = (y * w + x) * 3;
      data[to] = rgb[from]!;
      data[to + 1] = rgb[from + 1]!;
      data[to + 2] = rgb[from + 2]!;
    }
  }
  return { width: w, height: h, channels: 3, data };
}

export function factorFor(image: PreparedImage, maxSide: number): number {
  return Math.max(1, Math.ceil(Math.max(image.width, image.height) / maxSide));
}
