/**
 * The colour gamut a replay leaves: a print's inks on paper cannot reach a live scene's blacks
 * or its saturation (blacks lifted, colours faded, the paper's tint over everything), and a
 * screen shows the face through its own white point and gamma.
 *
 *   the face box and a half around it, sampled on a 48 × 48 grid
 *        blackLevel  the 2nd percentile of luma, 0..1
 *        contrast    the 98th minus the 2nd percentile of luma, 0..1
 *        chroma      mean chroma (max − min of RGB) over mean luma, in the face box
 *        cast        mean (blue − red) over mean luma, in the face box (skin is red over blue)
 */
import type { RgbImage } from '../image.js';
import type { Face } from './detect.js';

const GRID = 48;

export interface ColourCues { blackLevel: number; contrast: number; chroma: number; cast: number }

export function colourCues(image: RgbImage, face: Face): ColourCues {
  const side = 1.5 * Math.max(face.w, face.h);
  const histogram = new Uint32Array(256);
  let total = 0;
  let luma = 0;
  let chroma = 0;
  let cast = 0;
  let inFace = 0;
  for (let j = 0; j < GRID; j++) {
    for (let i = 0; i < GRID; i++) {
      const x = Math.floor(face.cx - side / 2 + ((i + 0.5) / GRID) * side);
      const y = Math.floor(face.cy - side / 2 + ((j + 0.5) / GRID) * side);
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const o = (y * image.width + x) * 3;
      const r = image.rgb[o]!; const g = image.rgb[o + 1]!; const b = image.rgb[o + 2]!;
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      histogram[Math.round(l)]!++;
      total++;
      if (Math.abs(x - face.cx) <= face.w / 2 && Math.abs(y - face.cy) <= face.h / 2) {
        luma += l;
        chroma += Math.max(r, g, b) - Math.min(r, g, b);
        cast += b - r;
        inFace++;
      }
    }
  }
  const percentile = (q: number): number => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen >= q * total) return v / 255;
    }
    return 1;
  };
  const meanLuma = Math.max(1, luma / Math.max(1, inFace));
  const low = percentile(0.02);
  return {
    blackLevel: low,
    contrast: percentile(0.98) - low,
    chroma: chroma / Math.max(1, inFace) / meanLuma,
    cast: cast / Math.max(1, inFace) / meanLuma,
  };
}
