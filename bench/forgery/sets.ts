/**
 * The forgery bench's generated sets: per design family, N genuine documents and N documents
 * whose front was altered (test/fixtures/specimens/alterations.ts), the barcode or MRZ genuine.
 *
 *   genuine i   index FAMILY_BASE + i                 type TYPES[i % 5]
 *   altered j   index FAMILY_BASE + ALTERED + 16j + t type TYPES[j % 5], kind KINDS[j % 11]
 *
 * Five types and eleven kinds are coprime, so every 55 altered documents hold each kind on each
 * type once. Where a kind finds nothing to change in the document drawn (a passport number with
 * none of 0, 1, 5, 8), the next index t of the same slot is drawn instead. Every specimen is a
 * pure function of the seed and its index: the same sets on every machine.
 */
import { DocumentType, type DocumentTypeValue } from '../../common/document.js';
import { ALTERATION_KINDS, AlterationNotApplicable, type AlterationKind } from '../../test/fixtures/specimens/alterations.js';
import { generateSpecimen, type Specimen } from '../../test/fixtures/specimens/corpus.js';
import { drawFor } from '../../test/fixtures/specimens/draw.js';
import { envSize } from '../accuracy/env-size.js';

/** The sets' seed: fixed, so that runs compare; not the accuracy corpus's, whose failures were studied. */
export const FORGERY_SEED = 5454;

export const FORGERY_SIZE = Object.freeze({ full: 500, quick: 12 });

/** Genuine and altered documents per family: IDV_BENCH_FORGERY_SIZE, else the quick or full default. */
export function forgerySize(quick: boolean, env: NodeJS.ProcessEnv = process.env): number {
  return envSize(env, 'IDV_BENCH_FORGERY_SIZE', quick ? FORGERY_SIZE.quick : FORGERY_SIZE.full, 1);
}

/** The parts a run may be limited to (IDV_BENCH_FORGERY_SETS): the tuning and validation families, and `real` for both real parts. */
export const FORGERY_PARTS = Object.freeze(['tuning', 'validation', 'real'] as const);
export type ForgeryPart = (typeof FORGERY_PARTS)[number];

/** The validation family's name before it had one of its own, still taken so that scripts that name it keep working. */
const PART_ALIASES: Readonly<Record<string, ForgeryPart>> = Object.freeze({ 'held-out': 'validation' });

/** The parts to run: IDV_BENCH_FORGERY_SETS (comma-separated, e.g. `real` after a change to the front reader), else all. */
export function forgeryParts(env: NodeJS.ProcessEnv = process.env): ReadonlySet<ForgeryPart> {
  const raw = env.IDV_BENCH_FORGERY_SETS?.trim();
  if (raw === undefined || raw === '') return new Set(FORGERY_PARTS);
  const named = raw.split(',').map((part) => part.trim()).map((part) => PART_ALIASES[part] ?? part);
  const unknown = named.filter((part) => !(FORGERY_PARTS as readonly string[]).includes(part));
  if (unknown.length > 0) throw new Error(`IDV_BENCH_FORGERY_SETS names ${unknown.join(', ')}; the parts are ${FORGERY_PARTS.join(', ')}`);
  return new Set(named as ForgeryPart[]);
}

/**
 * `tuning` is what the thresholds are calibrated on; `validation` validates them. The test family
 * is the accuracy bench's alone (its people are other than the alterations draw from).
 */
export const FORGERY_FAMILIES = Object.freeze(['tuning', 'validation'] as const);
export type ForgeryFamily = (typeof FORGERY_FAMILIES)[number];

const TYPES: readonly DocumentTypeValue[] = [DocumentType.ID, DocumentType.Passport, DocumentType.PassportCard, DocumentType.GreenCard, DocumentType.InternationalId];
const FAMILY_BASE: Readonly<Record<ForgeryFamily, number>> = { tuning: 0, validation: 100_000_000 };
const ALTERED = 50_000_000;
/** Draws of one altered slot before giving up: a kind fails on about one passport in four at most. */
const TRIES = 16;

/** Quick mode draws scans and photos only, as the accuracy bench's quick corpus does. */
function captureOf(quick: boolean, index: number): { capture?: 'scan' | 'photo' } {
  return quick ? { capture: drawFor(FORGERY_SEED, index, 'kind').pick(['scan', 'photo'] as const) } : {};
}

/** Genuine document `i` of `family`. */
export function genuineSpecimen(family: ForgeryFamily, i: number, quick: boolean): Promise<Specimen> {
  const index = FAMILY_BASE[family] + i;
  return generateSpecimen({ seed: FORGERY_SEED, index, documentType: TYPES[i % TYPES.length]!, negative: null, designs: family, ...captureOf(quick, index) });
}

export const alteredKind = (j: number): AlterationKind => ALTERATION_KINDS[j % ALTERATION_KINDS.length]!;

/** Altered document `j` of `family`. */
export async function alteredSpecimen(family: ForgeryFamily, j: number, quick: boolean): Promise<Specimen> {
  for (let t = 0; t < TRIES; t++) {
    const index = FAMILY_BASE[family] + ALTERED + TRIES * j + t;
    try {
      return await generateSpecimen({ seed: FORGERY_SEED, index, documentType: TYPES[j % TYPES.length]!, alteration: alteredKind(j), designs: family, ...captureOf(quick, index) });
    } catch (error) {
      if (!(error instanceof AlterationNotApplicable)) throw error;
    }
  }
  throw new Error(`no document of ${TRIES} drawn for altered slot ${j} of ${family} takes ${alteredKind(j)}`);
}
