/**
 * The edge of a screen's bezel or of a sheet of paper around the face: a straight line of
 * one-signed contrast running across the frame beside, above or below the face. A live selfie's
 * background has edges too (a door, a shelf), but rarely one on each side of the face.
 *
 *   luma at ~128 px wide ─► gradients ─► for lines turned −17°..17° from the vertical (left and
 *   right of the face) and from the horizontal (above and below it): the mean signed gradient
 *   across the line along the whole frame ─► the strongest line of each side ─► sorted
 *        frameFirst, frameSecond   the strongest and second-strongest side, in luma levels
 *
 * A line a sheet only partly crosses counts in proportion to its length: a print held far away
 * gives weaker lines than a screen filling the frame.
 */
import type { RgbImage } from '../image.js';
import type { Face } from './detect.js';

export const FRAME_WIDTH = 128;
const SLOPES = Array.from({ length: 9 }, (_, i) => -0.3 + 0.075 * i);

export interface FrameCues { frameFirst: number; frameSecond: number }

interface Small { width: number; height: number; luma: Float32Array; step: number }

/** The luma at about FRAME_WIDTH wide, each cell the mean of four of its pixels. */
export function smallLuma(image: RgbImage, width = FRAME_WIDTH): Small {
  const step = Math.max(1, image.width / width);
  const w = Math.max(1, Math.floor(image.width / step));
  const h = Math.max(1, Math.floor(image.height / step));
  const luma = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (const [dx, dy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
        const o = (Math.floor((y + dy) * step) * image.width + Math.floor((x + dx) * step)) * 3;
        sum += 0.299 * image.rgb[o]! + 0.587 * image.rgb[o + 1]! + 0.114 * image.rgb[o + 2]!;
      }
      luma[y * w + x] = sum / 4;
    }
  }
  return { width: w, height: h, luma, step };
}

/**
 * The strongest straight line on each side of the box [left, right] × [top, bottom] (small
 * image's pixels): vertical lines left and right of it, horizontal ones above and below.
 */
function sideStrengths(small: Small, box: { left: number; right: number; top: number; bottom: number }): number[] {
  const { width: w, height: h, luma } = small;
  // Central differences: across columns (for vertical lines) and across rows (horizontal ones).
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      gx[y * w + x] = luma[y * w + x + 1]! - luma[y * w + x - 1]!;
      gy[y * w + x] = luma[(y + 1) * w + x]! - luma[(y - 1) * w + x]!;
    }
  }
  const sides = [0, 0, 0, 0];
  for (const vertical of [true, false]) {
    const along = vertical ? h : w;
    const across = vertical ? w : h;
    const middle = vertical ? (box.top + box.bottom) / 2 : (box.left + box.right) / 2;
    const [low, high] = vertical ? [box.left, box.right] : [box.top, box.bottom];
    for (const slope of SLOPES) {
      for (let c0 = 1; c0 < across - 1; c0++) {
        if (c0 >= low && c0 <= high) continue;
        let sum = 0;
        for (let a = 0; a < along; a++) {
          const c = Math.round(c0 + (a - middle) * slope);
          if (c < 1 || c >= across - 1) continue;
          sum += vertical ? gx[a * w + c]! : gy[c * w + a]!;
        }
        const strength = Math.abs(sum) / along;
        if (c0 < low) sides[vertical ? 0 : 2] = Math.max(sides[vertical ? 0 : 2]!, strength);
        else if (c0 > high) sides[vertical ? 1 : 3] = Math.max(sides[vertical ? 1 : 3]!, strength);
      }
    }
  }
  return sides;
}

/** The frame cues of the face (see the file's comment). */
export function frameCues(image: RgbImage, face: Face): FrameCues {
  const small = smallLuma(image);
  const s = small.step;
  // Beyond the head: half a face width to the sides, a face height above and below the centre.
  const box = { left: (face.cx - face.w) / s, right: (face.cx + face.w) / s, top: (face.cy - face.h) / s, bottom: (face.cy + 1.2 * face.h) / s };
  const sorted = sideStrengths(small, box).sort((a, b) => b - a);
  return { frameFirst: sorted[0]!, frameSecond: sorted[1]! };
}
