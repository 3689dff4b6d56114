/** The state one verification carries through the stages: each reads what earlier ones left and adds its part. */
import type { CaptureReason } from '../common/capture.js';
import type { CorrectedReading } from './mrz/correct-by-checks.js';
import type { MrzFormat } from './mrz/layout.js';
import type { Orientation } from './ocr/direction.js';
import type { CaptureQuality } from './capture/feedback.js';
import type { Confidences, DocumentField, DocumentFields, DocumentTypeValue, VerdictStatusValue } from '../common/document.js';
import type { VerificationCheck } from '../common/checks.js';
import type { Reading } from './front/labels.js';

/** An input image after intake: upright, at most 1500 px on its larger side. */
export interface PreparedImage {
  width: number;
  height: number;
  grey: Buffer;
  rgb: Buffer;
}

/** An image's capture measures and the reasons to retake it (pipeline/capture/). */
export interface ImageQuality extends CaptureQuality {
  downscaled: boolean;
  reasons: CaptureReason[];
}

export interface FieldSet {
  document: DocumentFields;
  confidence: Confidences;
}

export interface VerifyInput {
  documentType: DocumentTypeValue;
  front: Uint8Array | null;
  back: Uint8Array | null;
  face: Uint8Array | null;
    /** The client's machine-readable text, base64-decoded: AAMVA text for a licence, MRZ text for an MRZ document. */
  trackString: string | null;
  verifyFace: boolean;
}

export interface Job {
  input: VerifyInput;
  images: { front?: PreparedImage; back?: PreparedImage; face?: PreparedImage };
  quality: ImageQuality[];
  /** Raw PDF417 text (from the back image or the trackString). */
  barcodeText?: string;
  machineReadable?: FieldSet;
  visual?: FieldSet;
    /** Where each visual field was read, with its line's frames, for the verdict; it stays in the worker. */
  frontReadings?: ReadonlyMap<DocumentField, Reading>;
  /** Fields found only on the front, merged into the response's document. */
  frontOnly?: DocumentFields;
  facePhotoFromDocument?: Buffer;
  facePhoto?: Buffer;
  signature?: Buffer;
  faceVerification?: { confidence: number; antiSpoofing: number; similarity: number };
    /** The MRZ as read, for ReadMrz, and the reading its fields come from; `side` 'trackString' where the client's stands in. */
  mrz?: { lines: string[]; format: MrzFormat; side: 'front' | 'back' | 'trackString'; reading: CorrectedReading; orientation?: Orientation };
  /** The client's MRZ text against the image's (pipeline/mrz/compare-text.ts), where the client sent one. */
  mrzTextMatch?: VerificationCheck;
  /** Every line of text of the front, for the OcrImage RPC. */
  ocrLines?: { text: string; confidence: number; box: number[] }[];
  verdict?: { status: VerdictStatusValue; verificationConfidence: Confidences; totalConfidence: number; checks: VerificationCheck[] };
}

export function newJob(input: VerifyInput): Job {
  return { input, images: {}, quality: [] };
}
