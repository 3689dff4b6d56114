/**
 * The anti-spoofing score the service returns: MiniFASNet's real-score and the replay cues
 * (spoof-cues.ts) fused by a logistic model fitted on the face bench's tuning attacks and live
 * selfies (bench/spoof-calibrate.ts writes SPOOF.fusion into calibration.ts):
 *
 *   cues ─► standardised (centre, scale) ─► z = bias + Σ weight · cue ─► 100 · sigmoid(z)
 *
 * The bias is set after the fit so that z = 0, the score 50, lies where 5 % of the tuning live
 * selfies fall below it (BPCER 5 %): 50 and above reads live, below reads a replay.
 */
import { SPOOF } from './calibration.js';
import type { Face } from './detect.js';
import { replayCues, type CueName, type Cues } from './spoof-cues.js';
import { realScore } from './spoof.js';
import type { RgbImage } from '../image.js';

export interface FusionModel {
  features: readonly CueName[];
  centre: readonly number[];
  scale: readonly number[];
  weights: readonly number[];
  bias: number;
}

/** The model's standardised feature vector of `cues`. */
export function standardised(cues: Cues, model: Pick<FusionModel, 'features' | 'centre' | 'scale'>): number[] {
  return model.features.map((name, i) => (cues[name] - model.centre[i]!) / model.scale[i]!);
}

/** The fused logit: positive reads live. */
export function fusedLogit(cues: Cues, model: FusionModel = SPOOF.fusion): number {
  return standardised(cues, model).reduce((z, x, i) => z + model.weights[i]! * x, model.bias);
}

/** The fused score 0–100, 50 at BPCER 5 % on the tuning live selfies. */
export function fusedScore(cues: Cues, model: FusionModel = SPOOF.fusion): number {
  const z = fusedLogit(cues, model);
  const score = Math.round(100 / (1 + Math.exp(-z)));
  // Rounding must not carry a logit just under 0 to 50: the side of 50 is the side of z = 0.
  return z >= 0 ? Math.max(50, score) : Math.min(49, score);
}

/**
 * MiniFASNet's real-score, the cues and the fused score of the selfie's face (AntiSpoofing when
 * it cannot be analysed). Only the cues the model reads are measured; the others are NaN.
 */
export async function fusedAntiSpoofing(image: RgbImage, face: Face, model: FusionModel = SPOOF.fusion): Promise<{ real: number; cues: Cues; score: number }> {
  const real = await realScore(image, face);
  const cues = replayCues(image, face, real, model.features);
  return { real, cues, score: fusedScore(cues, model) };
}
