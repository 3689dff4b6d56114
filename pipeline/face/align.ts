/**
 * Face alignment: the similarity transform (rotation, uniform scale, shift) that brings the
 * detector's eye, nose and mouth keypoints closest, in least squares, to a template of where a
 * model's training crops put them, then a bilinear warp. Two templates:
 *
 * - `insightface`: the 112×112 template of ArcFace-style crops (InsightFace's five-point template,
 *   with its two mouth corners averaged into the mouth centre BlazeFace gives): the upright face
 *   crops returned to the client (compare.ts), drawn smaller in their frame (`zoom` < 1) to show
 *   more of the head.
 * - `dlib`: dlib's face chip (get_face_chip_details, padding 0.25), which its ResNet embedder is
 *   trained on: dlib fits its mean face shape to the 68-point landmarks; here the same mean face
 *   is read at BlazeFace's four points (each eye's centre as the mean of its six landmarks, the
 *   nose tip, the mouth's centre as the mean of its twenty) and fitted the same way.
 */
import type { Face } from './detect.js';
import { warpAffine, type Affine } from './sample.js';
import type { RgbImage } from '../image.js';

/** InsightFace's template in a 112×112 crop: image-left eye, image-right eye, nose tip, mouth centre. */
export const TEMPLATE_112: ReadonlyArray<readonly [number, number]> = Object.freeze([
  [38.2946, 51.6963], [73.5318, 51.5014], [56.0252, 71.7366], [56.1396, 92.2848],
]);

/**
 * dlib's mean face shape (dlib/image_transforms/interpolation.h), in the unit square of the face
 * before padding, at BlazeFace's four keypoints in the order of TEMPLATE_112.
 */
export const DLIB_MEAN_FACE: ReadonlyArray<readonly [number, number]> = Object.freeze([
  [0.225492, 0.21599], [0.754761, 0.21599], [0.490127, 0.515625], [0.490127, 0.804225],
]);

/** dlib's chip padding: the face's unit square plus a quarter of it on every side. */
export const DLIB_PADDING = 0.25;

export type Template = 'insightface' | 'dlib';

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

/**
 * Where the template's points fall in a `size` crop drawn at `zoom` (1: the template's own
 * framing, InsightFace's or dlib's padded chip), scaled about the crop's centre.
 */
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
