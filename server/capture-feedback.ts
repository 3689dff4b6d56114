/**
 * Capture feedback on the wire (decisions.md, "Capture feedback"): the pipeline's measures of each
 * image it read as `imageQuality`, and the reasons to retake as `captureFeedback`. The same pair
 * is in a verification's 200 answer and in the 4xx body of a reader error (CAPTURE_ERROR_CODES).
 */
import type { ImageQuality__Output } from '../proto/generated/idv/pipeline/v1/ImageQuality.js';

export interface CaptureFeedbackFields {
  imageQuality: Record<string, unknown>[];
  captureFeedback: { image: string; reason: string }[];
}

export function captureFeedbackFields(quality: readonly ImageQuality__Output[]): CaptureFeedbackFields {
  return {
    imageQuality: quality.map((q) => ({
      image: q.image,
      width: q.width,
      height: q.height,
      dpi: q.dpi ?? null,
      sharpness: q.sharpness,
      glare: q.glare,
      brightness: q.brightness,
      documentCoverage: q.documentCoverage ?? null,
      cutOff: q.cutOff ?? null,
      jpegQuality: q.jpegQuality ?? null,
    })),
    captureFeedback: quality.flatMap((q) => (q.reasons ?? []).map((reason) => ({ image: q.image, reason }))),
  };
}
