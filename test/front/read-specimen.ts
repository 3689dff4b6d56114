/**
 * A corpus specimen's front read by readFront, beside what it prints and what its machine-readable
 * part holds: shared by the specimen test files (specimens, specimen-known, and the names of hard
 * captures: specimen-marks, specimen-letters, specimen-plain, specimen-second-view,
 * specimen-trained-head), split
 * by topic so that each file runs under 30 s on an idle two-core machine (tap's per-file timeout is
 * 120 s, and CI's machine may be busy). A file holds about ten specimens at about 1.5 s each.
 */
import t from 'tap';
import type { DocumentField } from '../../common/document.js';
import { readFront } from '../../pipeline/front/read-front.js';
import type { RecogniserModel } from '../../pipeline/ocr/model-files.js';
import { machineNames } from '../../pipeline/stages/ocr.js';
import { generateSpecimen, type Specimen, type SpecimenPlan } from '../fixtures/specimens/corpus.js';
import type { DesignChoice } from '../fixtures/specimens/designs/index.js';
import { prepared } from './render-front.js';

/** Key fields of the front, compared as the accuracy bench's folded figure does. */
export const FRONT_KEYS: readonly DocumentField[] = ['id', 'dob', 'issued', 'expires', 'familyName', 'privateName'];
export const fold = (value: string | undefined): string | undefined =>
  value?.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/Ł/g, 'L').replace(/Ø/g, 'O').toUpperCase();

/** What this file has rendered and read, by plan: a specimen two tests read (two of its names, or with and without its names known) is rendered once, and read once each way. */
const once = new Map<string, Promise<unknown>>();
function memo<T>(key: unknown[], make: () => Promise<T>): Promise<T> {
  const id = JSON.stringify(key);
  if (!once.has(id)) once.set(id, make());
  return once.get(id) as Promise<T>;
}
const specimenOf = (plan: SpecimenPlan): Promise<Specimen> => memo([plan.seed, plan.index, plan.documentType, plan.negative, plan.capture, plan.designs], () => generateSpecimen(plan));

export interface SpecimenRead { visual: Record<string, string>; printed: Record<string, string>; machine: Record<string, string> }

/**
 * Reads the specimen of `plan`; with `withMachineNames`, knowing its names as the OCR stage does;
 * with `model`, by that recogniser rather than the worker's.
 */
export function readSpecimen(plan: SpecimenPlan, withMachineNames = false, model?: RecogniserModel): Promise<SpecimenRead> {
  return memo([plan.seed, plan.index, plan.documentType, plan.negative, plan.capture, plan.designs, withMachineNames, model], async () => {
    const specimen = await specimenOf(plan);
    const knownNames = withMachineNames ? machineNames(specimen.truth.machineReadable) : [];
    const { visual } = await readFront(await prepared(specimen.front), specimen.truth.documentType, { knownNames, ...(model ? { model } : {}) });
    return { visual: visual.document as Record<string, string>, printed: specimen.truth.fields as Record<string, string>, machine: specimen.truth.machineReadable as Record<string, string> };
  });
}

/** A specimen whose name field was misread before: why, its seed and index, the field, and the designs it is drawn from (classic unless given). */
export type MisreadName = [string, number, number, 'familyName' | 'privateName', DesignChoice?];

/** One test per specimen: its name field reads exactly as printed. */
export function testNamesRead(specimens: readonly MisreadName[]): void {
  for (const [name, seed, index, field, designs] of specimens) {
    t.test(`corpus specimen ${seed}-${index}${designs === undefined ? '' : ` (${designs} designs)`}: ${name} is read`, async (t) => {
      const { visual, printed } = await readSpecimen({ seed, index, ...(designs === undefined ? {} : { designs }) });
      t.equal(visual[field], printed[field]);
    });
  }
}
