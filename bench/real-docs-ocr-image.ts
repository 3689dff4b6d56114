/**
 * The real documents read as the OcrImage RPC reads an image (PLANS.ocrImage: every line, every
 * script, no field extraction), scored by the text fields transcribed in fields.jsonl that its
 * lines hold: a value of three letters or digits or more, found in the page's text with case,
 * spaces and punctuation set aside (`folded`: marks too). A value the page prints in another form
 * than the transcription's (a date written out) is missed by every recogniser alike, so the
 * figure compares readings of the page; it is not the share of the page read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentType } from '../common/document.js';
import { newJob } from '../pipeline/job.js';
import { PLANS, runPlan } from '../pipeline/stages/index.js';
import type { RealDoc } from './real-docs.js';

export interface OcrImageResult {
  path: string;
  /** Transcribed text fields with three letters or digits or more. */
  fields: number;
  /** Of those, the ones the page's lines hold; `folded` with marks dropped. */
  found: number;
  folded: number;
  /** The OcrImage plan's time, intake included. */
  ms: number;
  /** The error code the image was answered with instead of lines. */
  error?: string;
}

export interface OcrImageSummary {
  documents: number;
  fields: number;
  found: number;
  folded: number;
  /** The plan's time, all documents together. */
  ms: number;
}

const lettersAndDigits = (text: string): string => text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
const unmarked = (text: string): string => lettersAndDigits(text.normalize('NFD').replace(/\p{M}/gu, ''));

/** One document through the OcrImage plan. */
export async function readOcrImage(doc: RealDoc, dir: string): Promise<OcrImageResult> {
  const values = Object.values(doc.fields).filter((v): v is string => typeof v === 'string' && lettersAndDigits(v).length >= 3);
  // As the service builds an OcrImage job: the type is a placeholder that no stage of the plan reads.
  const job = newJob({ documentType: DocumentType.ID, front: readFileSync(join(dir, doc.path)), back: null, face: null, trackString: null, verifyFace: false });
  const started = performance.now();
  let error: string | undefined;
  try {
    await runPlan(PLANS.ocrImage, job, []);
  } catch (failure) {
    error = (failure as { code?: string }).code ?? String(failure);
  }
  const ms = Math.round(performance.now() - started);
  const text = (job.ocrLines ?? []).map((line) => line.text).join(' ');
  const found = values.filter((v) => lettersAndDigits(text).includes(lettersAndDigits(v))).length;
  const folded = values.filter((v) => unmarked(text).includes(unmarked(v))).length;
  return { path: doc.path, fields: values.length, found, folded, ms, ...(error === undefined ? {} : { error }) };
}

export function summariseOcrImage(results: readonly OcrImageResult[]): OcrImageSummary {
  const sum = (key: 'fields' | 'found' | 'folded' | 'ms'): number => results.reduce((total, r) => total + r[key], 0);
  return { documents: results.length, fields: sum('fields'), found: sum('found'), folded: sum('folded'), ms: sum('ms') };
}
