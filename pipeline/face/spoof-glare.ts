/**
 * Specular glare: light reflected off a screen's glass or a print's gloss lies over the face as a
 * bright, colourless veil that lifts the dark parts and washes out colour in one region, where
 * a live face's highlights are small (the nose, the forehead) and keep the skin's hue.
 *
 *   the face box and a half around it ─► 6 × 6 cells: mean luma, mean chroma (max − min of RGB)
 *        glare    the largest (cell luma − median cell luma) × (1 − cell chroma / median chroma), 0..1
 *        clipped  share of the face box's pixels near white in every channel (all ≥ 240)
 */
import type { RgbImage } from '../image.js';
import type { Face } from './detect.js';

const CELLS = 6;
/** Pixels sampled along each side of a cell. */
const SAMPLES = 8;

export interface GlareCues { glare: number; clipped: number }

export function glareCues(image: RgbImage, face: Face): GlareCues {
  const side = 1.5 * Math.max(face.w, face.h);
  const x0 = face.cx - side / 2;
  const y0 = face.cy - side / 2;
  const cell = side / CELLS;
  const lumas: number[] = [];
  const chromas: number[] = [];
  let clipped = 0;
  let inFace = 0;
  for (let cy = 0; cy < CELLS; cy++) {
    for (let cx = 0; cx < CELLS; cx++) {
      let luma = 0;
      let chroma = 0;
      let n = 0;
      for (let j = 0; j < SAMPLES; j++) {
        for (let i = 0; i < SAMPLES; i++) {
          const x = Math.floor(x0 + (cx + (i + 0.5) / SAMPLES) * cell);
          const y = Math.floor(y0 + (cy + (j + 0.5) / SAMPLES) * cell);
          if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
          const o = (y * image.width + x) * 3;
          const r = image.rgb[o]!; const g = image.rgb[o + 1]!; const b = image.rgb[o + 2]!;
          luma += 0.299 * r + 0.587 * g + 0.114 * b;
          chroma += Math.max(r, g, b) - Math.min(r, g, b);
          n++;
          if (Math.abs(x - face.cx) <= face.w / 2 && Math.abs(y - face.cy) <= face.h / 2) {
            inFace++;
            if (Math.min(r, g, b) >= 240) clipped++;
          }
        }
      }
      if (n > 0) { lumas.push(luma / n); chromas.push(chroma / n); }
    }
  }
  const median = (v: number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1] ?? 0;
  const lumaMedian = median(lumas);
  const chromaMedian = Math.max(1, median(chromas));
  let glare = 0;
  lumas.forEach((luma, i) => {
    const washed = Math.max(0, 1 - chromas[i]! / chromaMedian);
    glare = Math.max(glare, (Math.max(0, luma - lumaMedian) / 255) * washed);
  });
  return { glare, clipped: clipped / Math.max(1, inFace) };
}
