/**
 * Face alignment: the similarity transform (rotation, uniform scale, shift) that brings the
 * detector's eye, nose and mouth keypoints closest, in least squares, to the 112×112 template
 * that ArcFace-style embedding models are trained on (InsightFace's five-point template, with its
 * two mouth corners averaged into the mouth centre BlazeFace gives), then a bilinear warp.
 *
 * Models trained on looser crops get the same template drawn smaller in their frame (`zoom` < 1):
 * one canonical geometry, one knob per model, measured in bench/faces.bench.ts.
 */
import type { Face } from './detect.js';
import { warpAffine, type Affine } from './sample.js';
import type { RgbImage } from '../image.js';

/** InsightFace's template in a 112×112 crop: image-left eye, image-right eye, nose tip, mouth centre. */
export const TEMPLATE_112: ReadonlyArray<readonly [number, number]> = Object.freeze([
  [38.2946, 51.6963], [73.5318, 51.5014], [56.0252, 71.7366], [56.1396, 92.2848],
]);

export interface Crop {
  size: number;
  /** size × size × 3 RGB bytes. */
  rgb: Uint8Array;
}

/**
 * Least-squares similarity mapping the points `from` onto `to` (Umeyama's closed form in 2-D,
 * without reflection): to ≈ [[a, −b], [b, a]]·from + t.
 */
export function fitSimilarity(from: ReadonlyArray<readonly [number, number]>, to: ReadonlyArray<readonly [number, number]>): Affine {
  const n = from.length;
  const mean = (pts: ReadonlyArray<readonly [number, number]>, k: 0 | 1): number => pts.reduce((s, p) => s + p[k], 0) / n;
  const fx = mean(from, 0); const fy = mean(from, 1);
  const tx = mean(to, 0); const ty = mean(to, 1);
  let dot = 0; let cross = 0; let norm = 0;
  for (let i = 0; i < n; i++) {
    const x = from[i]![0] - fx; const y = from[i]![1] - fy;
    const u = to[i]![0] - tx; const v = to[i]![1] - ty;
    dot += x * u + y * v;
    cross += x * v - y * u;
    norm += x * x + y * y;
  }
  const a = dot / norm;
  const b = cross / norm;
  return { a, b: -b, c: tx - a * fx + b * fy, d: b, e: a, f: ty - b * fx - a * fy };
}

/** Where the template's points fall in a `size` crop drawn at `zoom` (1: InsightFace's framing). */
export function templateIn(size: number, zoom: number): Array<[number, number]> {
  const k = (size / 112) * zoom;
  return TEMPLATE_112.map(([x, y]) => [(x - 56) * k + size / 2, (y - 56) * k + size / 2]);
}

/** The face warped upright into a `size` × `size` crop (map: crop pixels → image pixels). */
export function alignFace(image: RgbImage, face: Face, size: number, zoom = 1): Crop {
  const keypoints = face.keypoints.slice(0, 4).map((p) => [p.x, p.y] as const);
  const map = fitSimilarity(templateIn(size, zoom), keypoints);
  return { size, rgb: warpAffine(image, map, size, size) };
}
