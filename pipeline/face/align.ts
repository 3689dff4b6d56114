/** Face alignment onto a template by least squares: `insightface` for the client's crops, `dlib`'s chip for its embedder. */
import type { Face } from './detect.js';
import { warpAffine, type Affine } from './sample.js';
import type { RgbImage } from '../image.js';

/** InsightFace's template in a 112×112 crop: image-left eye, image-right eye, nose tip, mouth centre. */
export const TEMPLATE_112: ReadonlyArray<readonly [number, number]> = Object.freeze([
  [38.2946, 51.6963], [73.5318, 51.5014], [56.0252, 71.7366], [56.1396, 92.2848],
]);

/** dlib's mean face shape (interpolation.h) in the unpadded unit square, at BlazeFace's four keypoints. */
export const DLIB_MEAN_FACE: ReadonlyArray<readonly [number, number]> = Object.freeze([
  [0.225492, 0.21599], [0.754761, 0.21599], [0.490127, 0.515625], [0.490127, 0.804225],
]);

/** dlib's chip padding: the face's unit square plus a quarter of it on every side. */
export const DLIB_PADDING = 0.25;

export type Template = 'insightface' | 'dlib';

export interface Crop {
  size: number;
  rgb: Uint8Array;
}

/** Least-squares similarity mapping `from` onto `to` (Umeyama in 2-D, no reflection). */
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

export function templateIn(size: number, zoom: number, template: Template = 'insightface'): Array<[number, number]> {
  const points = template === 'dlib'
    ? DLIB_MEAN_FACE.map(([x, y]) => [((x + DLIB_PADDING) / (1 + 2 * DLIB_PADDING)) * size, ((y + DLIB_PADDING) / (1 + 2 * DLIB_PADDING)) * size] as const)
    : TEMPLATE_112.map(([x, y]) => [(x / 112) * size, (y / 112) * size] as const);
  return points.map(([x, y]) => [(x - size / 2) * zoom + size / 2, (y - size / 2) * zoom + size / 2]);
}

/** The face warped upright into a `size` × `size` crop (map: crop pixels → image pixels). */
export function alignFace(image: RgbImage, face: Face, size: number, zoom = 1, template: Template = 'insightface'): Crop {
  const keypoints = face.keypoints.slice(0, 4).map((p) => [p.x, p.y] as const);
  const map = fitSimilarity(templateIn(size, zoom, template), keypoints);
  return { size, rgb: warpAffine(image, map, size, size) };
}
