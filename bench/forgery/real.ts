/**
 * The forgery bench's real-document part (../shared/data/real-docs). These documents are
 * development data: the readers and the verdict were looked at on them, so their figures say how
 * the checks behave on real print, not how they generalise.
 *
 *   licences  every US licence or ID-card front with a payload built from its transcription
 *             (real-licences.ts): genuine, then the payload altered by each kind
 *   pages     every passport page and ID card with an ICAO MRZ: genuine (its own image), then one
 *             visual-zone field painted over by each kind (real-pages.ts, image-edit.ts)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { DocumentType } from '../../common/document.js';
import { MAX_SIDE } from '../../pipeline/backends/sharp.js';
import type { PipelineClient } from '../../proto/generated/idv/pipeline/v1/Pipeline.js';
import type { OcrImageResponse__Output } from '../../proto/generated/idv/pipeline/v1/OcrImageResponse.js';
import { ALTERATION_KINDS } from '../../test/fixtures/specimens/alterations.js';
import { bmpToPng, isBmp } from '../bmp.js';
import { resultsDir } from '../report.js';
import { REAL_DOCS_DIR, documentTypeOf, loadRealDocs, type RealDoc } from '../real-docs.js';
import { findValues, matchForm, repaint, type Found, type TextLine } from './image-edit.js';
import { mapInLanes } from './lanes.js';
import { alterLicence, licencePayload, realLicence } from './real-licences.js';
import { pageEdit, pageSkipReason } from './real-pages.js';
import type { ForgeryRecord } from './record.js';
import { verify } from './verify.js';

/** Documents of each part in quick mode: enough to see that the part runs. */
export const REAL_QUICK = 3;

export interface Skipped {
  id: string;
  kind: string | null;
  reason: string;
}

export interface RealPart {
  records: ForgeryRecord[];
  skipped: Skipped[];
  /** Licences: payload fields the transcription lacks, per document (real-licences.ts). */
  filled?: Record<string, string[]>;
}

async function loadImage(doc: RealDoc): Promise<Buffer> {
  const file = readFileSync(join(REAL_DOCS_DIR, doc.path));
  return isBmp(file) ? bmpToPng(file) : file;
}

/** Each licence genuine and altered by every kind, through Verify with the payload as trackString. */
export async function collectRealLicences(client: PipelineClient, docs: readonly RealDoc[], quick: boolean, lanes: number): Promise<RealPart> {
  const skipped: Skipped[] = [];
  const licences = docs.flatMap((doc) => {
    const licence = realLicence(doc);
    if (licence === null && doc.mrz === null && (doc.kind === 'dl_front' || doc.kind === 'id_front')) {
      skipped.push({ id: doc.path, kind: null, reason: 'not a US card, or a key field not transcribed' });
    }
    return licence ?? [];
  }).slice(0, quick ? REAL_QUICK : undefined);
  const jobs: { front: Buffer; record: Omit<ForgeryRecord, 'answer'>; payload: string }[] = [];
  for (const licence of licences) {
    const front = await loadImage(licence.doc);
    const base = { set: 'real-licences', id: licence.doc.path, documentType: DocumentType.ID };
    jobs.push({ front, record: { ...base, kind: null }, payload: licencePayload(licence) });
    for (const kind of ALTERATION_KINDS) {
      const altered = alterLicence(licence, kind);
      if (altered === null) skipped.push({ id: licence.doc.path, kind, reason: 'nothing in the transcribed value for this kind to change' });
      else jobs.push({ front, record: { ...base, kind, alteration: altered.alteration }, payload: licencePayload(licence, altered.person) });
    }
  }
  const records = await mapInLanes(jobs, lanes, async ({ front, record, payload }) => ({
    ...record, answer: await verify(client, { documentType: DocumentType.ID, frontImage: front, trackString: payload, verifyFace: false }),
  }));
  return { records, skipped, filled: Object.fromEntries(licences.map((licence) => [licence.doc.path, licence.filled])) };
}

/** The image's text lines as OcrImage reads them, boxes in the image's own pixels (the pipeline reads a large image downscaled). */
async function ocrImage(client: PipelineClient, image: Buffer): Promise<TextLine[]> {
  const { width = 1, height = 1 } = await sharp(image).metadata();
  const scale = Math.max(1, Math.max(width, height) / MAX_SIDE);
  const response = await new Promise<OcrImageResponse__Output>((resolve, reject) => {
    client.ocrImage({ image }, { deadline: Date.now() + 120_000 }, (error, answer?: OcrImageResponse__Output) => {
      if (error !== null || answer === undefined) reject(error ?? new Error('OcrImage gave no answer'));
      else resolve(answer);
    });
  });
  return response.lines.map((line) => ({ text: line.text, box: line.box.map((v) => v * scale) }));
}

type Target = Found & { value: string; altered: string };

/**
 * Where to paint: the lines holding the whole value (findValues: each print of it), and, where
 * the edit changes one word, the other prints of that word alone (a design that prints the given
 * names, then the first of them again in another script: a forger edits both). For a value
 * printed over several lines (`ESPAÑOLA` above `ESPAÑOLA`), the lines holding the changed word.
 * None where the OCR read no such line.
 */
function locate(lines: readonly TextLine[], value: string, altered: string): Target[] {
  const whole = findValues(lines, value).map((found) => ({ ...found, value, altered }));
  const [before, after] = [value.split(' '), altered.split(' ')];
  const changed = before.flatMap((word, i) => (word === after[i] ? [] : [i]));
  if (before.length !== after.length || changed.length !== 1) return whole;
  const [word, into] = [before[changed[0]!]!, after[changed[0]!]!];
  const painted = new Set(whole.map((target) => target.line));
  const alone = findValues(lines, word).filter((found) => !painted.has(found.line) && (whole.length === 0 || found.line.text.trim() === found.line.text.slice(found.start, found.end)));
  // Where the OCR misread another word of the value (`BOSIR` for `BƏŞIR`), the value's line is
  // still the one that opens with the changed word and goes on.
  const wanted = matchForm(word).form;
  const opening = whole.length > 0 ? [] : lines.flatMap((line) => {
    if (line.text.includes('<') || painted.has(line) || alone.some((found) => found.line === line)) return [];
    const { form, at } = matchForm(line.text);
    return form.startsWith(wanted) && form.length > wanted.length ? [{ line, start: at[0]!, end: at[wanted.length - 1]! + 1 }] : [];
  });
  return [...whole, ...[...alone, ...opening].map((found) => ({ ...found, value: word, altered: into }))];
}

/** The image with every target painted over, one after the other; null where the first holds no ink. */
async function repaintAll(image: Buffer, targets: readonly Target[]): Promise<Buffer | null> {
  let edited: Buffer | null = null;
  for (const target of targets) {
    const painted = await repaint(edited ?? image, target.line, target.start, target.end, target.value, target.altered);
    if (painted === null && edited === null) return null;
    if (painted !== null) edited = painted.image;
  }
  return edited;
}

/** Each page genuine and with one field painted over by every kind, through Verify with its own image as front (and back). */
export async function collectRealPages(client: PipelineClient, docs: readonly RealDoc[], quick: boolean, lanes: number): Promise<RealPart> {
  const skipped: Skipped[] = [];
  const pages = docs.filter((doc) => {
    const reason = pageSkipReason(doc);
    if (reason !== null && doc.mrz !== null) skipped.push({ id: doc.path, kind: null, reason });
    return reason === null;
  }).slice(0, quick ? REAL_QUICK : undefined);
  const jobs: { record: Omit<ForgeryRecord, 'answer'>; image: Buffer }[] = [];
  const editsDir = join(resultsDir(), 'forgery-edits');
  mkdirSync(editsDir, { recursive: true });
  for (const doc of pages) {
    const image = await loadImage(doc);
    const documentType = documentTypeOf(doc);
    const base = { set: 'real-pages', id: doc.path, documentType };
    jobs.push({ record: { ...base, kind: null }, image });
    const lines = await ocrImage(client, image);
    for (const kind of ALTERATION_KINDS) {
      const edit = pageEdit(doc, kind);
      const targets = edit === null ? [] : locate(lines, edit.value, edit.alteration.altered);
      const painted = targets.length === 0 ? null : await repaintAll(image, targets);
      if (edit === null) skipped.push({ id: doc.path, kind, reason: 'nothing in the transcribed value for this kind to change' });
      else if (targets.length === 0) skipped.push({ id: doc.path, kind, reason: `the OCR read no line holding ${JSON.stringify(edit.value)}` });
      else if (painted === null) skipped.push({ id: doc.path, kind, reason: `no ink in the box of ${JSON.stringify(targets[0]!.value)}` });
      else {
        jobs.push({ record: { ...base, kind, alteration: edit.alteration }, image: painted });
        // Kept beside the results, to look at what the bench calls a forger's edit.
        writeFileSync(join(editsDir, `${doc.path.replace(/\.\w+$/, '')}-${kind}.png`), painted);
      }
    }
  }
  const records = await mapInLanes(jobs, lanes, async ({ record, image }) => ({
    ...record,
    answer: await verify(client, {
      documentType: record.documentType, frontImage: image, ...(record.documentType === DocumentType.Passport ? {} : { backImage: image }), verifyFace: false,
    }),
  }));
  return { records, skipped };
}

/** The real documents, or null (with the reason) where the folder is absent. */
export function realDocsOrReason(): { docs: RealDoc[] } | { reason: string } {
  const docs = loadRealDocs();
  return docs.length === 0 ? { reason: `no real documents at ${REAL_DOCS_DIR} (fields.jsonl): the real-document part is skipped` } : { docs };
}
