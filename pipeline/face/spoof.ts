/**
 * MiniFASNet's part of anti-spoofing (the service's score fuses it with the replay cues:
 * spoof-fusion.ts): how likely the selfie shows a live face rather than a face replayed on a
 * screen or on paper. Its two models (minifasnet.ts) on crops around the selfie's detected face,
 * their real-score on its own 0–100 scale, 50 at the threshold measured on the tuning live
 * selfies (calibration.ts, SPOOF; docs/faces.md):
 *
 *   BlazeFace box ─► as the source's detector frames it (SPOOF.box) ─► MiniFASNet real-score 0..1
 *                 ─► 0 ── threshold ── 1  ↦  0 ── 50 ── 100 (linear between)
 *
 * The box is corrected because MiniFASNet's crops are defined relative to the source's own face
 * detector (RetinaFace), whose box is taller and wider than BlazeFace's.
 */
import { CodedError } from '../../common/errors.js';
import { SPOOF } from './calibration.js';
import type { Face } from './detect.js';
import { INPUT_SIZE, MINIFASNET_MODELS, miniFasNet, type Box } from './minifasnet.js';
import type { RgbImage } from '../image.js';

/** Share of the face box's width or height that may lie outside the image before it is cut off. */
export const MAX_OUTSIDE = 0.1;

/** The smallest face box side the crops can take without enlarging it: 80 px over the tightest crop scale. */
export const MIN_FACE = INPUT_SIZE / Math.min(...MINIFASNET_MODELS.map((m) => m.scale));

/** How the detector's box is scaled and shifted (in box sizes) to frame the face as the source does. */
export interface BoxCorrection { width: number; height: number; dx: number; dy: number }

/** The detector's face as MiniFASNet's source frames it. */
export function spoofBox(face: Face, correction: BoxCorrection = SPOOF.box): Box {
  const { width, height, dx, dy } = correction;
  const w = face.w * width;
  const h = face.h * height;
  return { x: face.cx + dx * face.w - w / 2, y: face.cy + dy * face.h - h / 2, w, h };
}

/**
 * Why the analysis cannot run on this face, or null when it can: a face smaller than the models'
 * input would be enlarged into a blur the models were not trained on, and a face cut off by the
 * frame cannot be centred in its crops.
 */
export function unanalysable(image: { width: number; height: number }, box: Box): string | null {
  if (box.w < MIN_FACE || box.h < MIN_FACE) {
    return `the face is ${Math.round(box.w)}×${Math.round(box.h)} px, under the ${Math.ceil(MIN_FACE)} px anti-spoofing needs`;
  }
  const outside = Math.max(-box.x / box.w, -box.y / box.h, (box.x + box.w - image.width) / box.w, (box.y + box.h - image.height) / box.h);
  if (outside > MAX_OUTSIDE) return `the face is cut off by the frame (${Math.round(100 * outside)} % of it outside)`;
  return null;
}

/** MiniFASNet's real-score (0..1) of the selfie's face; AntiSpoofing when it cannot be analysed. */
export async function realScore(image: RgbImage, face: Face, correction: BoxCorrection = SPOOF.box): Promise<number> {
  const box = spoofBox(face, correction);
  const reason = unanalysable(image, box);
  if (reason) throw new CodedError('AntiSpoofing', `Anti-spoofing analysis failed: ${reason}.`);
  return (await miniFasNet(image, box)).real;
}

/** The real-score on the 0–100 scale: 50 at SPOOF.threshold, linear on each side of it. */
export function antiSpoofing(real: number): number {
  const t = SPOOF.threshold;
  const score = real < t ? (50 * real) / t : 50 + (50 * (real - t)) / (1 - t);
  return Math.round(Math.min(100, Math.max(0, score)));
}
