/**
 * Anti-spoofing: how likely the selfie shows a live face rather than a photo of a photo or of a
 * screen, 0–100. Two small models from Human's set, fed as Human feeds them (the detector's box
 * enlarged 1.4×, squared, upright, pixels p/255):
 *
 *   antispoof  128×128 → sigmoid "real face" (trained on real vs. printed/edited faces)
 *   liveness    32×32  → softmax, element 0 "live" (trained on live vs. replayed captures)
 *
 * How the two are combined, and where 50 sits, was measured on the specimen corpus's genuine and
 * replayed selfies (calibration.ts, docs/faces.md); what that can and cannot catch is in docs.
 */
import { floatTensor } from '../backends/onnx.js';
import { SPOOF } from './calibration.js';
import type { Face } from './detect.js';
import { faceSession } from './model-files.js';
import { squareMap, toInput, warpAffine, type RgbImage } from './sample.js';

const UNIT = { scale: 1 / 255, offset: 0 };

export interface SpoofScores {
  /** antispoof's "real" probability, 0..1. */
  real: number;
  /** liveness's "live" probability, 0..1. */
  live: number;
}

async function run(id: 'antispoof' | 'liveness', image: RgbImage, face: Face, size: number): Promise<Float32Array> {
  const session = await faceSession(id);
  const side = 1.4 * Math.max(face.w, face.h);
  const rgb = warpAffine(image, squareMap(face.cx - side / 2, face.cy - side / 2, side, size), size, size);
  const results = await session.run({ [session.inputNames[0]!]: floatTensor(toInput(rgb, UNIT), [1, size, size, 3]) });
  return results[session.outputNames[0]!]!.data as Float32Array;
}

/** Both models' raw scores for a detected face. */
export async function spoofScores(image: RgbImage, face: Face): Promise<SpoofScores> {
  const [real, live] = await Promise.all([run('antispoof', image, face, 128), run('liveness', image, face, 32)]);
  return { real: real[0]!, live: live[0]! };
}

/**
 * The combined score, 0–100: a weighted mean of the two logits, mapped so that the measured
 * threshold between genuine and replayed selfies sits at 50 (calibration.ts, SPOOF).
 */
export function antiSpoofing(scores: SpoofScores): number {
  const logit = (p: number): number => Math.log(Math.max(1e-6, p) / Math.max(1e-6, 1 - p));
  const z = SPOOF.weightReal * logit(scores.real) + SPOOF.weightLive * logit(scores.live) - SPOOF.threshold;
  return Math.round(100 / (1 + Math.exp(-z / SPOOF.spread)));
}
