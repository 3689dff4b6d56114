/** Reasons to retake an image (decisions.md): the contract's limits, others set on docs/capture-feedback.md's set. */
import type { CaptureImage, CaptureReason } from '../../common/capture.js';

export interface CaptureQuality {
  image: CaptureImage;
  width: number;
  height: number;
  /** Pixels over physical size; null for the face image. */
  dpi: number | null;
  sharpness: number;
  glare: number;
  brightness: number;
  documentCoverage: number | null;
  cutOff: boolean | null;
  /** Null when not a JPEG. */
  jpegQuality: number | null;
}

export const CAPTURE_LIMITS = Object.freeze({
  minSharpness: 15,
  maxGlare: 25,
  minBrightness: 35,
  minDpi: 96,
  /** decisions.md: the document under about 40 % of the frame. */
  minCoverage: 0.4,
  /** The contract's "JPEG compression at most 15 %". */
  minJpegQuality: 85,
});

/** The reasons to retake the image. Blurry and Glare apply to documents only: a selfie's skin and background would trip them. */
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
