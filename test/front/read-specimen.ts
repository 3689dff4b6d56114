/**
 * A corpus specimen's front read by readFront, beside what it prints and what its machine-readable
 * part holds: shared by the specimen test files, which are split so that each stays well under
 * tap's per-file timeout.
 */
import t from 'tap';
import type { DocumentField } from '../../common/document.js';
import { readFront } from '../../pipeline/front/read-front.js';
import { machineNames } from '../../pipeline/stages/ocr.js';
import { generateSpecimen, type SpecimenPlan } from '../fixtures/specimens/corpus.js';
import { prepared } from './render-front.js';

/** Key fields of the front, compared as the accuracy bench's folded figure does (the recogniser reads no accents). */
export const FRONT_KEYS: readonly DocumentField[] = ['id', 'dob', 'issued', 'expires', 'familyName', 'privateName'];
export const fold = (value: string | undefined): string | undefined =>
  value?.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/Ł/g, 'L').replace(/Ø/g, 'O').toUpperCase();

/** Reads the specimen of `plan`; with `withMachineNames`, knowing its names as the OCR stage does. */
export async function readSpecimen(plan: SpecimenPlan, withMachineNames = false): Promise<{ visual: Record<string, string>; printed: Record<string, string>; machine: Record<string, string> }> {
  const specimen = await generateSpecimen(plan);
  const knownNames = withMachineNames ? machineNames(specimen.truth.machineReadable) : [];
  const { visual } = await readFront(await prepared(specimen.front), specimen.truth.documentType, { knownNames });
  return { visual: visual.document as Record<string, string>, printed: specimen.truth.fields as Record<string, string>, machine: specimen.truth.machineReadable as Record<string, string> };
}

/** A specimen whose name field was misread before: why, its seed and index, and the field. */
export type MisreadName = [string, number, number, 'familyName' | 'privateName'];

/** One test per specimen: its name field reads exactly as printed. */
export function testNamesRead(specimens: readonly MisreadName[]): void {
  for (const [name, seed, index, field] of specimens) {
    t.test(`corpus specimen ${seed}-${index}: ${name} is read`, async (t) => {
      const { visual, printed } = await readSpecimen({ seed, index });
      t.equal(visual[field], printed[field]);
    });
  }
}
