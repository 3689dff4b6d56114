/**
 * The front of a document, read:
 *
 *   prepared image ─► text lines (pipeline/ocr) ─► licence rules (type 1) or visual-zone rules
 *   ─► visual fields with confidences, plus the fields only the front carries
 *
 * Only a front with nothing legible is an OCRError. A front where no field could be placed surely
 * answers an empty visual zone: the machine-readable part then carries the verification.
 */
import { DocumentType, type DocumentField, type DocumentFields, type DocumentTypeValue } from '../../common/document.js';
import type { Reading } from './labels.js';
import { CodedError } from '../../common/errors.js';
import type { FieldSet, PreparedImage } from '../job.js';
import { readPage, type OcrLine, type ReadOptions } from '../ocr/read-lines.js';
import type { RgbImage } from '../image.js';
import { findMachineValues } from './guided.js';
import { toFrontLines } from './layout.js';
import { readLicence } from './licence.js';
import { isMrzLine, readVisualZone } from './passport.js';
import { cropRect, locateSignature } from './signature.js';
import { settleLookAlikes, type SettledGlyph } from './glyphs-alone.js';
import { FRONT_TUNING } from './tunables.js';

export interface FrontResult {
  visual: FieldSet;
  frontOnly: DocumentFields;
  readings: ReadonlyMap<DocumentField, Reading>;
  lines: OcrLine[];
  signature?: RgbImage;
}

/**
 * Reads a front; `known`: its MRZ, the machine-readable part's names and the recogniser; `machine`:
 * the barcode's or MRZ's fields, looked for among the lines (guided.ts).
 */
export async function readFront(image: PreparedImage, documentType: DocumentTypeValue,
  known: Pick<ReadOptions, 'knownMrz' | 'knownNames' | 'model' | 'orientation'> = {}, machine: DocumentFields = {}): Promise<FrontResult> {
  // The text region is read again upright and enlarged on photos and small captures (ocr/localise.ts).
  const { lines, page, region, blank } = await readPage(image, { ...known, knownNumber: machine.id, localise: true, latinOnly: true });
  const read = readFrontLines(lines, documentType, machine);
  const front = withSettledGlyphs(read, await settleLookAlikes(read.readings, page, region));
  // A signature the recogniser read as nothing is still a box of ink: it counts as read at 0.
  const signature = locateSignature([...lines, ...blank.map((box) => ({ text: '', confidence: 0, box }))], region ?? page);
  return signature === undefined ? front : { ...front, signature: cropRect(page, signature, region) };
}

/** The number as its glyphs read alone: each settled glyph put in place of what the line's recogniser read. */
function withSettledGlyphs(front: FrontResult, settled: readonly SettledGlyph[]): FrontResult {
  const number = front.readings.get('id');
  const value = front.visual.document.id;
  if (settled.length === 0 || number === undefined || value === undefined) return front;
  const spanned = [...number.line.text.slice(number.start, number.end)];
  const chars = [...value];
  for (const glyph of settled) {
    // The glyph's place among the letters and digits, which the value keeps as the line printed them.
    const nth = spanned.slice(0, glyph.at - number.start).filter((c) => /[\p{L}\d]/u.test(c)).length;
    const at = chars.flatMap((c, i) => (/[\p{L}\d]/u.test(c) ? [i] : []))[nth];
    if (at === undefined || chars[at]!.toUpperCase() !== glyph.read) return front;
    chars[at] = glyph.printed;
  }
  const id = chars.join('');
  const readings = new Map(front.readings);
  readings.set('id', { ...number, value: id, glyphs: settled });
  return { ...front, visual: { ...front.visual, document: { ...front.visual.document, id } }, readings };
}

export function readFrontLines(recognised: readonly OcrLine[], documentType: DocumentTypeValue, machine: DocumentFields = {}): FrontResult {
  const lines = recognised.filter((l) => l.confidence >= FRONT_TUNING.minLineConfidence);
  if (!lines.some((l) => /[\p{L}\d]{2}/u.test(l.text))) {
    throw new CodedError('OCRError', undefined, 'no legible text line on the front');
  }
  const front = toFrontLines(lines);
  const found = findMachineValues(front.filter((l) => !isMrzLine(l.text)), machine);
  const { visual, frontOnly, readings } = documentType === DocumentType.ID ? readLicence(front, found) : readVisualZone(front, found);
  return { visual, frontOnly, readings, lines };
}
