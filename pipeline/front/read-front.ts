/**
 * The front of a document, read:
 *
 *   prepared image ─► text lines (pipeline/ocr) ─► licence rules (type 1) or visual-zone rules
 *   ─► visual fields with confidences, plus the fields only the front carries
 *
 * Nothing legible on the front is an OCRError.
 */
import { DocumentType, type DocumentFields, type DocumentTypeValue } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import type { FieldSet, PreparedImage } from '../job.js';
import { readLines, type OcrLine } from '../ocr/read-lines.js';
import { toFrontLines } from './layout.js';
import { readLicence } from './licence.js';
import { readVisualZone } from './passport.js';

/** Lines below this mean confidence are noise (guilloche, photo texture) rather than text. */
const MIN_LINE_CONFIDENCE = 0.5;

export interface FrontResult {
  visual: FieldSet;
  frontOnly: DocumentFields;
  lines: OcrLine[];
}

/** Reads the fields of a document's front. */
export async function readFront(image: PreparedImage, documentType: DocumentTypeValue): Promise<FrontResult> {
  const lines = (await readLines(image)).filter((l) => l.confidence >= MIN_LINE_CONFIDENCE);
  if (!lines.some((l) => /[\p{L}\d]{2}/u.test(l.text))) {
    throw new CodedError('OCRError', undefined, 'no legible text line on the front');
  }
  const front = toFrontLines(lines);
  const { visual, frontOnly } = documentType === DocumentType.ID ? readLicence(front) : readVisualZone(front);
  if (Object.keys(visual.document).length === 0) {
    throw new CodedError('OCRError', undefined, `${lines.length} text lines but no labelled field on the front`);
  }
  return { visual, frontOnly, lines };
}
