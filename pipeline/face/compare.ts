/** Face comparison: the descriptors' cosine mapped piecewise-linearly onto decisions.md's confidence (calibration.ts). */
import { CodedError, type ErrorCode } from '../../common/errors.js';
import type { PreparedImage } from '../job.js';
import { alignFace, type Crop } from './align.js';
import { SIMILARITY } from './calibration.js';
import { detectFace, type Face } from './detect.js';
import { cosine, describeFace } from './embed.js';
import { fusedAntiSpoofing } from './spoof-fusion.js';

export const CROP_SIZE = 224;
/** The framing of the returned crops: more of the head than the embedder sees. */
const CROP_ZOOM = 0.6;

export interface PreparedFace {
  face: Face;
  descriptor: Float32Array;
  crop: Crop;
}

/** Detects and describes the face of an image, or throws `missing` when it holds none. */
export async function prepareFace(image: PreparedImage, missing: Extract<ErrorCode, 'FaceDocNotDetectError' | 'FacePhotoNotDetectError'>): Promise<PreparedFace> {
  const face = await detectFace(image);
  if (!face) throw new CodedError(missing);
  try {
    return { face, descriptor: await describeFace(image, face), crop: alignFace(image, face, CROP_SIZE, CROP_ZOOM) };
  } catch (error) {
    throw new CodedError('CaptureFacesError', undefined, error instanceof Error ? error.message : String(error));
  }
}

/** The calibrated 0–100 confidence for a cosine similarity (monotone, piecewise linear). */
export function confidenceOf(similarity: number): number {
  const { stranger, far1, far01 } = SIMILARITY;
  const points: Array<[number, number]> = [[stranger, 0], [far1, 50], [far01, 70], [1, 100]];
  if (similarity <= stranger) return 0;
  for (let i = 1; i < points.length; i++) {
    const [s1, c1] = points[i]!;
    if (similarity <= s1) {
      const [s0, c0] = points[i - 1]!;
      return Math.round(c0 + ((similarity - s0) / (s1 - s0)) * (c1 - c0));
    }
  }
  return 100;
}

export interface FaceComparison {
  confidence: number;
  similarity: number;
  antiSpoofingB: number;
}

/** Compares `a`'s face (the document) with `b`'s (the live capture): FaceDocNotDetectError, FacePhotoNotDetectError. */
export async function compareFaces(a: PreparedImage, b: PreparedImage): Promise<FaceComparison> {
  const [first, second] = [await prepareFace(a, 'FaceDocNotDetectError'), await prepareFace(b, 'FacePhotoNotDetectError')];
  return { ...matchFaces(first, second), antiSpoofingB: await spoofOf(b, second.face) };
}

export function matchFaces(a: PreparedFace, b: PreparedFace): { confidence: number; similarity: number } {
  const similarity = cosine(a.descriptor, b.descriptor);
  if (!Number.isFinite(similarity)) throw new CodedError('CompareFacesError', undefined, 'descriptor is not finite');
  return { confidence: confidenceOf(similarity), similarity };
}

/** Anti-spoofing 0–100 of a detected face: MiniFASNet fused with the replay cues (spoof-fusion.ts); AntiSpoofing where it cannot be analysed or a model fails. */
export async function spoofOf(image: PreparedImage, face: Face): Promise<number> {
  try {
    return (await fusedAntiSpoofing(image, face)).score;
  } catch (error) {
    if (error instanceof CodedError) throw error;
    throw new CodedError('AntiSpoofing', undefined, error instanceof Error ? error.message : String(error));
  }
}
