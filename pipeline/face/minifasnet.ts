/**
 * MiniFASNet (Silent-Face-Anti-Spoofing, Minivision, Apache-2.0): two 80×80 classifiers of
 * live vs. presented faces, each on its own crop around the face box, run exactly as the source
 * repository runs them (models/minifasnet/README.md):
 *
 *   box ─► crop S·box (S = 2.7, 4.0), centred, shifted back into the image, integer corners
 *       ─► inclusive slice ─► bilinear resize to 80×80 (OpenCV's INTER_LINEAR)
 *       ─► CHW, BGR, 0–255 ─► softmax per model ─► sum ─► real-score = sum[1] / 2
 *
 * Classes: 0 and 2 are attacks (print, replay), 1 is a live face. The models are files of this
 * repository, refused unless their sha256 is the one written here.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { floatTensor, loadSession, type Session } from '../backends/onnx.js';
import type { RgbImage } from '../image.js';

export const INPUT_SIZE = 80;

export interface MiniFasNetModel {
  name: string;
  /** The crop's side in face-box sizes. */
  scale: number;
  sha256: string;
}

export const MINIFASNET_MODELS: readonly MiniFasNetModel[] = Object.freeze([
  { name: '2.7_80x80_MiniFASNetV2', scale: 2.7, sha256: 'fbac1f5cfa6d2072099fb5d575ac0635eb48b8591dfbcf0835247faaf1602c87' },
  { name: '4_0_0_80x80_MiniFASNetV1SE', scale: 4.0, sha256: '4830dae96b69050bb513d5f4ee48cb1bbb4a3809fe169effddd19dbd28eeb1fb' },
]);

/** A face box as the source takes it: left, top, width, height in image pixels. */
export interface Box { x: number; y: number; w: number; h: number }

/** Inclusive integer corners of a crop. */
export interface CropRect { left: number; top: number; right: number; bottom: number }

export function modelPath(model: MiniFasNetModel): string {
  return fileURLToPath(new URL(`../../../models/minifasnet/${model.name}.onnx`, import.meta.url));
}

/** The bytes, refused unless they are the file this code was written for. */
export function checkedModel(model: MiniFasNetModel, bytes: Uint8Array): Uint8Array {
  const found = createHash('sha256').update(bytes).digest('hex');
  if (found !== model.sha256) {
    throw new Error(`${modelPath(model)} has sha256 ${found.slice(0, 12)}…, expected ${model.sha256.slice(0, 12)}… (Silent-Face-Anti-Spoofing's ${model.name})`);
  }
  return bytes;
}

/** A model's session, checked at load, on one thread (the face models' choice, backends/onnx.ts). */
export function minifasnetSession(model: MiniFasNetModel): Promise<Session> {
  return loadSession(modelPath(model), { transform: (bytes) => checkedModel(model, bytes), variant: 'checked', oneThread: true });
}

/**
 * The source's CropImage._get_new_box: the box scaled by S (less where the image is too small
 * for it), centred on the box, shifted back inside the image, corners truncated towards zero.
 */
export function cropRect(width: number, height: number, box: Box, scale: number): CropRect {
  const s = Math.min((height - 1) / box.h, (width - 1) / box.w, scale);
  const w = box.w * s;
  const h = box.h * s;
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  let left = cx - w / 2;
  let top = cy - h / 2;
  let right = cx + w / 2;
  let bottom = cy + h / 2;
  if (left < 0) { right -= left; left = 0; }
  if (top < 0) { bottom -= top; top = 0; }
  if (right > width - 1) { left -= right - width + 1; right = width - 1; }
  if (bottom > height - 1) { top -= bottom - height + 1; bottom = height - 1; }
  return { left: Math.trunc(left), top: Math.trunc(top), right: Math.trunc(right), bottom: Math.trunc(bottom) };
}

/**
 * The slice [top..bottom] × [left..right] resized to 80×80 as OpenCV's INTER_LINEAR resizes 8-bit
 * images, as the model's input: CHW, BGR, 0–255. OpenCV samples at source x = (u + 0.5)·sx − 0.5,
 * clamped to the slice, without prefiltering, and in fixed point: weights in 1/2048, the
 * horizontal pass kept in integers, the vertical pass shifted down and rounded. The 4.0 model
 * moves by ~0.1 in its logits when half its inputs are one level off (float arithmetic), so the
 * port reproduces the integer steps.
 */
export function cropInput(image: RgbImage, rect: CropRect): Float32Array {
  const sw = rect.right - rect.left + 1;
  const sh = rect.bottom - rect.top + 1;
  const n = INPUT_SIZE;
  const out = new Float32Array(3 * n * n);
  const xs = Array.from({ length: n }, (_, u) => tap(sw, n, u));
  const rows = [new Int32Array(3 * n), new Int32Array(3 * n)];
  for (let v = 0; v < n; v++) {
    const y = tap(sh, n, v);
    // Horizontal pass of the two source rows: 8-bit values × weights in 1/2048.
    for (const [r, sy] of [[0, y.i0], [1, y.i1]] as const) {
      const base = ((rect.top + sy) * image.width + rect.left) * 3;
      for (let u = 0; u < n; u++) {
        const { i0, i1, w0, w1 } = xs[u]!;
        for (let ch = 0; ch < 3; ch++) rows[r]![3 * u + ch] = image.rgb[base + 3 * i0 + ch]! * w0 + image.rgb[base + 3 * i1 + ch]! * w1;
      }
    }
    // Vertical pass, as OpenCV's VResizeLinear for 8 bits; RGB channel ch goes to BGR plane 2 − ch.
    for (let u = 0; u < n; u++) {
      for (let ch = 0; ch < 3; ch++) {
        const value = (((y.w0 * (rows[0]![3 * u + ch]! >> 4)) >> 16) + ((y.w1 * (rows[1]![3 * u + ch]! >> 4)) >> 16) + 2) >> 2;
        out[(2 - ch) * n * n + v * n + u] = value;
      }
    }
  }
  return out;
}

/** OpenCV's linear tap for output k of n from a source of `size`: two indices and 11-bit weights. */
function tap(size: number, n: number, k: number): { i0: number; i1: number; w0: number; w1: number } {
  const p = Math.fround((k + 0.5) * (size / n) - 0.5);
  let i0 = Math.floor(p);
  let f = Math.fround(p - i0);
  if (i0 < 0) { i0 = 0; f = 0; }
  if (i0 >= size - 1) { i0 = size - 1; f = 0; }
  const w0 = Math.round(Math.fround(1 - f) * 2048);
  return { i0, i1: Math.min(i0 + 1, size - 1), w0, w1: 2048 - w0 };
}

function softmax(logits: Float32Array): number[] {
  const top = Math.max(...logits);
  const e = [...logits].map((z) => Math.exp(z - top));
  const sum = e.reduce((s, x) => s + x, 0);
  return e.map((x) => x / sum);
}

export interface MiniFasNetResult {
  /** Live probability, 0..1: the mean of the two models' class-1 softmax. */
  real: number;
  /** Per model: the logits. */
  logits: number[][];
}

/** Both models on the crops around `box`; the source's real-score. */
export async function miniFasNet(image: RgbImage, box: Box): Promise<MiniFasNetResult> {
  const logits: number[][] = [];
  let real = 0;
  for (const model of MINIFASNET_MODELS) {
    const session = await minifasnetSession(model);
    const input = cropInput(image, cropRect(image.width, image.height, box, model.scale));
    const results = await session.run({ [session.inputNames[0]!]: floatTensor(input, [1, 3, INPUT_SIZE, INPUT_SIZE]) });
    const z = results[session.outputNames[0]!]!.data as Float32Array;
    logits.push([...z]);
    real += softmax(z)[1]! / 2;
  }
  return { real, logits };
}
