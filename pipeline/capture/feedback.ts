/**
 * Capture feedback (decisions.md, "Capture feedback"): from an image's measures, the reasons a
 * person should retake it. The limits are the contract's where it has them (at least 96 dpi, JPEG
 * compression at most 15 %, i.e. quality 85) and measured elsewhere: docs/capture-feedback.md has
 * the labelled set and the bench table behind each.
 */
import type { CaptureImage, CaptureReason } from '../../common/capture.js';

export interface CaptureQuality {
  image: CaptureImage;
  width: number;
  height: number;
  /** The document's resolution (its pixels over its physical size); null for the face image. */
  dpi: number | null;
  sharpness: number;
  glare: number;
  brightness: number;
  /** Share of the frame the document fills, 0–1; null for the face image. */
  documentCoverage: number | null;
  /** A document edge leaves the frame; null for the face image. */
  cutOff: boolean | null;
  /** Estimated JPEG quality 1–100; null when the image is not a JPEG. */
  jpegQuality: number | null;
}

export const CAPTURE_LIMITS = Object.freeze({
  /** Sharpness below this: Blurry. */
  minSharpness: 15,
  /** Glare at or above this: Glare. */
  maxGlare: 25,
  /** Brightness below this: TooDark. */
  minBrightness: 35,
  /** The contract's minimum resolution. */
  minDpi: 96,
  /** decisions.md: the document under about 40 % of the frame. */
  minCoverage: 0.4,
  /** The contract's "JPEG compression at most 15 %". */
  minJpegQuality: 85,
});

/**
 * The reasons to retake the image that `quality` describes; empty when the capture is good.
 * Blurry and Glare are measured on documents: a selfie's skin is smooth and its background may be
 * a bright window, so on the face image those limits would ask for needless retakes (the corpus's
 * selfies: a third would be Blurry). Its measures are still reported.
 */
export function captureReasons(quality: CaptureQuality): CaptureReason[] {
  const reasons: CaptureReason[] = [];
  const document = quality.image !== 'face';
  if (document && quality.sharpness < CAPTURE_LIMITS.minSharpness) reasons.push('Blurry');
  if (document && quality.glare >= CAPTURE_LIMITS.maxGlare) reasons.push('Glare');
  if (quality.brightness < CAPTURE_LIMITS.minBrightness) reasons.push('TooDark');
  if ((quality.documentCoverage !== null && quality.documentCoverage < CAPTURE_LIMITS.minCoverage)
    || (quality.dpi !== null && quality.dpi < CAPTURE_LIMITS.minDpi)) reasons.push('TooSmall');
  if (quality.cutOff === true) reasons.push('CutOff');
  if (quality.jpegQuality !== null && quality.jpegQuality < CAPTURE_LIMITS.minJpegQuality) reasons.push('HeavyCompression');
  return reasons;
}
