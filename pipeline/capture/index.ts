/** Capture quality of one intake image: sharpness on a half-size grey, the rest on a ≤ 320 px RGB sample. */
import type { CaptureImage } from '../../common/capture.js';
import { DocumentType, type DocumentTypeValue } from '../../common/document.js';
import type { PreparedImage } from '../job.js';
import { documentBox } from './document-box.js';
import type { CaptureQuality } from './feedback.js';
import { jpegQuality } from './jpeg-quality.js';
import { brightnessScore, glareScore, sharpnessScore } from './measures.js';
import { factorFor, halve, sample } from './thumbnail.js';

export { CAPTURE_LIMITS, captureReasons, type CaptureQuality } from './feedback.js';

/** Formats per document type: long side in mm, long over short side (ID-1 85.6 × 54, TD3 125 × 88, TD2 105 × 74). */
const ID1 = { mm: 85.6, aspect: 1.586 };
const TD2 = { mm: 105, aspect: 1.419 };
const TD3 = { mm: 125, aspect: 1.42 };
function formatsOf(documentType: DocumentTypeValue): { mm: number; aspect: number }[] {
  if (documentType === DocumentType.Passport) return [TD3];
  if (documentType === DocumentType.InternationalId) return [ID1, TD2];
  return [ID1];
}

/** The RGB sample's larger side: the document box and glare are shapes tens of pixels wide. */
const BOX_SIDE = 320;

/** The capture measures of `prepared`; `scale` (uploaded over prepared width) makes sizes and dpi those of the capture. */
export function measureCapture(image: CaptureImage, prepared: PreparedImage, bytes: Uint8Array, documentType: DocumentTypeValue, scale = 1): CaptureQuality {
  const grey = halve(prepared.grey, prepared.width, prepared.height);
  const factor = factorFor(prepared, BOX_SIDE);
  const rgb = sample(prepared.rgb, prepared.width, prepared.height, factor);
  const base = {
    image,
    width: Math.round(prepared.width * scale),
    height: Math.round(prepared.height * scale),
    sharpness: sharpnessScore(grey),
    glare: glareScore(rgb),
    brightness: brightnessScore(rgb),
    jpegQuality: jpegQuality(bytes),
  };
  if (image === 'face') return { ...base, dpi: null, documentCoverage: null, cutOff: null };
  const formats = formatsOf(documentType);
  const box = documentBox(rgb, formats.map((f) => f.aspect));
  // The document's larger side from its area and proportions; of two formats, ID-1 gives the cautious dpi.
  const format = formats[0]!;
  const longSide = Math.sqrt(box.area * format.aspect) * factor * scale;
  return {
    ...base,
    dpi: Math.round(longSide / (format.mm / 25.4)),
    documentCoverage: Math.round(box.coverage * 1000) / 1000,
    cutOff: box.cutOff,
  };
}
