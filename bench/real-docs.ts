/**
 * The real specimen documents of ../shared/data/real-docs (fields transcribed by eye in
 * fields.jsonl) through the real readers, in this process, twice: guided (the MRZ where the
 * document has one, then the front, which the MRZ's values may point on) and unguided (the front
 * alone, as a licence front without its barcode is read). Scored: the front's key fields (number,
 * date of birth, expiry, family name) against the transcription, and the MRZ lines read whole.
 * Each is read a third time as OcrImage reads it (real-docs-ocr-image.ts).
 * A back (an ID card's MRZ side) prints no key field in a visual zone, so only its MRZ is scored;
 * a number is compared without its spaces, as the response gives it (decisions.md, "Field values").
 * These designs were drawn by their issuers, not by the corpus, but they are development data:
 * the readers' rules were looked at and changed on them, so their figures are validation figures.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DocumentType, type DocumentTypeValue } from '../common/document.js';
import { loadPipelineConfig } from '../pipeline/config.js';
import { newJob, type Job } from '../pipeline/job.js';
import { intakeFor } from '../pipeline/stages/intake.js';
import { mrz } from '../pipeline/stages/mrz.js';
import { ocr } from '../pipeline/stages/ocr.js';
import type { Stage } from '../pipeline/stages/stage.js';
import { foldedForm, visualForm } from './accuracy/normalise.js';
import { summariseOcrImage, type OcrImageResult, type OcrImageSummary } from './real-docs-ocr-image.js';
import { findDate, type NumericOrder } from '../pipeline/front/dates.js';

export const REAL_DOCS_DIR = join(process.cwd(), '..', 'shared', 'data', 'real-docs');

/** One line of fields.jsonl, the parts read here. */
export interface RealDoc {
  path: string;
  kind: 'dl_front' | 'id_front' | 'passport_page' | 'id_back' | 'dl_back';
  /** What the document is, in words (issuer, design). */
  card?: string;
  fields: Record<string, string | null | boolean>;
  /** The transcribed dates in ISO form; absent where the document prints none legibly. */
  dates_iso?: Record<string, string>;
  mrz: string[] | null;
}

/** The front's key fields: the transcription's name and the response's. */
const KEY_FIELDS = Object.freeze([
  ['document_number', 'id'], ['date_of_birth', 'dob'], ['expiry_date', 'expires'], ['family_name', 'familyName'],
] as const);

export interface RealDocResult {
  path: string;
  /** Per key field with a transcription: the value read (null: none), and whether it is right. */
  fields: Record<string, { truth: string; read: string | null; confidence: number | null; right: boolean; folded: boolean }>;
  /** Whether the MRZ was read line for line as transcribed; null where the document has none. */
  mrzRight: boolean | null;
  mrzError?: string;
  /** The error code the document was answered with instead of fields. */
  error?: string;
  ms: number;
}

export function loadRealDocs(dir = REAL_DOCS_DIR): RealDoc[] {
  if (!existsSync(join(dir, 'fields.jsonl'))) return [];
  return readFileSync(join(dir, 'fields.jsonl'), 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as RealDoc);
}

/** The contract's document type a client would send for it. */
export function documentTypeOf(doc: RealDoc): DocumentTypeValue {
  // A US state ID card is sent as a licence (type 1): it has the licence's barcode, no MRZ.
  if (doc.kind === 'dl_front' || (doc.kind === 'id_front' && doc.mrz === null && /\bUSA?\b/.test(doc.card ?? ''))) return DocumentType.ID;
  if (doc.kind === 'passport_page') return DocumentType.Passport;
  return doc.mrz?.[0]?.startsWith('C') ? DocumentType.GreenCard : DocumentType.InternationalId;
}

/**
 * A transcribed field, a date in ISO form where the transcription gives none: US cards print month
 * first, others day first; an ambiguous date takes its card's order.
 */
function transcribedDate(doc: RealDoc, source: string): string | boolean | null | undefined {
  const value = doc.fields[source];
  if (typeof value !== 'string' || !source.endsWith('_date') && source !== 'date_of_birth') return value;
  const order: NumericOrder = /\bUSA?\b/.test(doc.card ?? '') ? 'MDY' : 'DMY';
  return findDate(value, order, source === 'date_of_birth' ? 'past' : 'any')?.value ?? value;
}

/** The key fields' truth in the response's form (dates ISO). */
function truthOf(doc: RealDoc): Record<string, string> {
  const out: Record<string, string> = {};
  if (doc.kind === 'id_back' || doc.kind === 'dl_back') return out;
  for (const [source, field] of KEY_FIELDS) {
    const value = doc.dates_iso?.[source] ?? transcribedDate(doc, source);
    if (typeof value === 'string' && value !== '') out[field] = value;
  }
  return out;
}

/** A value in the response's form: the document number without spaces. */
const asServed = (field: string, value: string): string => (field === 'id' ? value.replace(/\s/g, '') : value);

async function runStages(stages: readonly Stage[], job: Job): Promise<unknown> {
  let mrzError: unknown;
  for (const stage of [intakeFor(stages), ...stages]) {
    if (!stage.applies(job)) continue;
    try {
      await stage.run(job);
    } catch (error) {
      // The front is read whether or not the MRZ was found: its error is reported, not fatal.
      if (stage !== mrz) throw error;
      mrzError = error;
    }
  }
  return mrzError;
}

/** Reads one real document: guided (its MRZ read first where it has one), or `unguided` (the front alone, no MRZ read). */
export async function readRealDoc(doc: RealDoc, dir = REAL_DOCS_DIR, { unguided = false } = {}): Promise<RealDocResult> {
  const started = performance.now();
  // The file as a client would send it: the pipeline's own intake decodes it (BMP and TIFF included).
  const front = readFileSync(join(dir, doc.path));
  const job = newJob({ documentType: documentTypeOf(doc), front, back: null, face: null, trackString: null, verifyFace: false });
  let mrzError: unknown;
  let error: string | undefined;
  try {
    mrzError = await runStages(unguided ? [ocr] : [mrz, ocr], job);
  } catch (failure) {
    // A document the service refuses (an image format it does not take, an unreadable front) is
    // answered with an error: it counts as read nothing, and the error is reported.
    error = (failure as { code?: string }).code ?? String(failure);
  }
  const visual = job.visual ?? { document: {}, confidence: {} };
  const fields: RealDocResult['fields'] = {};
  for (const [field, truth] of Object.entries(truthOf(doc))) {
    const read = (visual.document as Record<string, string | undefined>)[field] ?? null;
    fields[field] = {
      truth, read, confidence: (visual.confidence as Record<string, number | undefined>)[field] ?? null,
      right: read !== null && visualForm(asServed(field, read)) === visualForm(asServed(field, truth)),
      folded: read !== null && foldedForm(asServed(field, read)) === foldedForm(asServed(field, truth)),
    };
  }
  const mrzRight = doc.mrz === null || unguided ? null : job.mrz !== undefined && job.mrz.lines.join('\n') === doc.mrz.join('\n');
  const result: RealDocResult = { path: doc.path, fields, mrzRight, ms: Math.round(performance.now() - started) };
  if (mrzError !== undefined) result.mrzError = (mrzError as { code?: string }).code ?? String(mrzError);
  if (error !== undefined) result.error = error;
  return result;
}

export interface RealDocsSummary {
  documents: number;
  keyFields: number;
  keyFieldsRight: number;
  /** Share of transcribed key fields read right; `folded` with accents folded. */
  exact: number | null;
  folded: number | null;
  /** Read but wrong: worse than not read (a false disagreement). */
  wrong: number;
  mrzDocuments: number;
  mrzRight: number;
  results: RealDocResult[];
}

export function summarise(results: readonly RealDocResult[]): RealDocsSummary {
  const all = results.flatMap((r) => Object.values(r.fields));
  const share = (n: number): number | null => (all.length === 0 ? null : Math.round((1000 * n) / all.length) / 10);
  const withMrz = results.filter((r) => r.mrzRight !== null);
  return {
    documents: results.length,
    keyFields: all.length,
    keyFieldsRight: all.filter((f) => f.right).length,
    exact: share(all.filter((f) => f.right).length),
    folded: share(all.filter((f) => f.folded).length),
    wrong: all.filter((f) => f.read !== null && !f.folded).length,
    mrzDocuments: withMrz.length,
    mrzRight: withMrz.filter((r) => r.mrzRight).length,
    results: [...results],
  };
}

/** Reads every document on a worker (real-docs-worker.ts) with the pipeline's worker settings, guided, unguided and as OcrImage; each as it comes. */
function readOnWorker(onResult: (guided: RealDocResult, unguided: RealDocResult, ocrImage: OcrImageResult) => void): Promise<void> {
  const { workerSettings } = loadPipelineConfig([], process.env);
  const worker = new Worker(new URL('./real-docs-worker.js', import.meta.url), { workerData: { settings: workerSettings } });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: { result?: RealDocResult; unguided?: RealDocResult; ocrImage?: OcrImageResult }) => (
      message.result && message.unguided && message.ocrImage ? onResult(message.result, message.unguided, message.ocrImage) : resolve()));
    worker.on('error', reject);
    worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the real-docs worker exited with ${code}`))));
  });
}

/** `npm run bench -- real-docs`: every real document, read one at a time. */
export async function benchRealDocs(): Promise<RealDocsSummary & {
  meta: { suite: 'real-docs'; at: string; recogniser: string; role: string }; unguided: RealDocsSummary; ocrImage: OcrImageSummary & { results: OcrImageResult[] };
}> {
  const docs = loadRealDocs();
  if (docs.length === 0) throw new Error(`no real documents at ${REAL_DOCS_DIR} (fields.jsonl)`);
  const results: RealDocResult[] = [];
  const alone: RealDocResult[] = [];
  const ocrImage: OcrImageResult[] = [];
  await readOnWorker((result, unguided, image) => {
    results.push(result);
    alone.push(unguided);
    ocrImage.push(image);
    const cells = Object.entries(result.fields).map(([f, v]) => {
      const own = unguided.fields[f]!;
      return `${f}=${v.right ? 'ok' : JSON.stringify(v.read)}${own.right === v.right ? '' : `/${own.right ? 'ok' : JSON.stringify(own.read)}`}`;
    });
    const mrzCell = result.mrzRight === null ? '' : ` mrz=${result.mrzRight ? 'ok' : (result.mrzError ?? 'wrong')}`;
    const imageCell = ` ocrImage=${image.error ?? `${image.found}/${image.fields}`}`;
    console.log(`${result.path.padEnd(32)} ${String(result.ms).padStart(5)} ms  ${cells.join(' ')}${mrzCell}${imageCell}`);
  });
  const summary = summarise(results);
  const { results: unguidedResults, ...unguided } = summarise(alone);
  const line = (name: string, s: Omit<RealDocsSummary, 'results'>) => `${name.padEnd(9)} key fields right ${s.keyFieldsRight}/${s.keyFields} (${s.exact} %, folded ${s.folded} %), read wrong ${s.wrong}`;
  const image = summariseOcrImage(ocrImage);
  console.log(`\n(a cell field=guided/unguided shows where the two differ)\n${line('guided', summary)}; MRZ right ${summary.mrzRight}/${summary.mrzDocuments}\n${line('unguided', unguided)}`
    + `\nOcrImage  transcribed text fields found ${image.found}/${image.fields} (folded ${image.folded}), ${image.ms} ms`);
  const { workerSettings } = loadPipelineConfig([], process.env);
  return {
    meta: { suite: 'real-docs', at: new Date().toISOString(), recogniser: workerSettings.ocrRecogniser, role: 'development data (validation figures): the readers were looked at on these documents' },
    ...summary, unguided: { ...unguided, results: unguidedResults }, ocrImage: { ...image, results: ocrImage },
  };
}

/** What one real-docs run returns and saves (real-docs-latest.json). */
export type RealDocsResult = Awaited<ReturnType<typeof benchRealDocs>>;
