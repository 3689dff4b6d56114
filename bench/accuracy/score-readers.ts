/**
 * Per-reader accuracy: the machine readers (PDF417 + AAMVA, MRZ) and the front OCR, each overall,
 * by document type and by capture kind, with the typical mismatches that say what to fix.
 *
 * Which specimens count: documents whose machine-readable part is honest. Images without a
 * document, and the broken-header / wrong-check-digit negatives (whose right answer is a refusal,
 * scored in score-verdict.ts) are left out. Tampered fronts count: their truth is what is printed.
 */
import { characterErrorRate, fieldAccuracy, reliability, type ReliabilityBand } from './metrics.js';
import { byCapture, byFormat, byType, rounded, scoreBy, share, tally } from './group.js';
import { foldedForm, NAME_KEY_FIELDS, OCR_KEY_FIELDS, pickFields, visualForm } from './normalise.js';
import { frontOutcome, machineOutcome, type ReaderOutcome, type SpecimenRecord } from './record.js';

const NOT_READER_TESTS: ReadonlySet<string> = new Set(['no-document', 'broken-header', 'mrz-check-digit']);

/** Specimens whose readers are scored. */
export const readerEligible = (record: SpecimenRecord): boolean =>
  record.truth.negative === null || !NOT_READER_TESTS.has(record.truth.negative);

type Outcomes = { record: SpecimenRecord; outcome: ReaderOutcome | null }[];

const identity = (value: string): string => value;

/** Up to `limit` examples per field of a read value that differs from the truth. */
export function mismatches(
  pairs: readonly { id: string; truth: Record<string, string | undefined>; read: Record<string, string> }[],
  normalise: (value: string) => string, limit = 4,
): Record<string, { wrong: number; examples: string[] }> {
  const out: Record<string, { wrong: number; examples: string[] }> = {};
  for (const { id, truth, read } of pairs) {
    for (const [field, value] of Object.entries(truth)) {
      if (value === undefined) continue;
      const got = read[field];
      if (got !== undefined && normalise(got) === normalise(value)) continue;
      const entry = (out[field] ??= { wrong: 0, examples: [] });
      entry.wrong += 1;
      if (entry.examples.length < limit) entry.examples.push(`${id}: ${JSON.stringify(value)} → ${got === undefined ? 'absent' : JSON.stringify(got)}`);
    }
  }
  return Object.fromEntries(Object.entries(out).sort((a, b) => b[1].wrong - a[1].wrong));
}

export interface MachineBlock {
  specimens: number;
  /** Specimens for which some call reached the reader. */
  measured: number;
  /** Share of measured specimens the reader returned fields for. */
  readRate: number | null;
  /** Share of measured specimens with every machine-readable field equal to the truth. */
  exactReadRate: number | null;
  /** Field accuracy over the specimens that were read. */
  fieldAccuracy: number | null;
  fields: Record<string, number>;
  errors: Record<string, number>;
}

function machineBlock(outcomes: Outcomes): MachineBlock {
  const measured = outcomes.filter((o): o is { record: SpecimenRecord; outcome: ReaderOutcome } => o.outcome !== null);
  const read = measured.filter((o) => o.outcome.read);
  const accuracy = fieldAccuracy(read.map((o) => ({ truth: o.record.truth.machineReadable, read: o.outcome.fields })));
  return {
    specimens: outcomes.length,
    measured: measured.length,
    readRate: share(read.length, measured.length),
    exactReadRate: share(Math.round(accuracy.exact * read.length), measured.length),
    fieldAccuracy: read.length === 0 ? null : rounded(accuracy.overall),
    fields: Object.fromEntries(Object.entries(accuracy.fields).map(([field, value]) => [field, rounded(value) ?? 0])),
    errors: tally(measured.flatMap((o) => (o.outcome.code === undefined ? [] : [o.outcome.code]))),
  };
}

/** PDF417/AAMVA or MRZ scores: overall, by type, by capture, by format (TD1/TD2/TD3), with mismatches. */
function machineReport(records: readonly SpecimenRecord[]) {
  const outcomes: Outcomes = records.map((record) => ({ record, outcome: machineOutcome(record) }));
  const read = outcomes.filter((o) => o.outcome?.read === true);
  return {
    overall: machineBlock(outcomes),
    byDocumentType: scoreBy(outcomes, (o) => byType(o.record), machineBlock),
    byCapture: scoreBy(outcomes, (o) => byCapture(o.record), machineBlock),
    byFormat: scoreBy(outcomes, (o) => byFormat(o.record), machineBlock),
    mismatches: mismatches(read.map((o) => ({ id: o.record.truth.id, truth: o.record.truth.machineReadable, read: o.outcome!.fields })), identity),
  };
}

/** The PDF417 + AAMVA reader on the licences. */
export const scoreAamva = (records: readonly SpecimenRecord[]) =>
  machineReport(records.filter((r) => r.truth.format === 'AAMVA' && readerEligible(r)));

/** The MRZ reader on passports and ICAO cards. */
export const scoreMrz = (records: readonly SpecimenRecord[]) =>
  machineReport(records.filter((r) => r.truth.format !== 'AAMVA' && readerEligible(r)));

export interface FrontBlock {
  specimens: number;
  measured: number;
  /** Share of measured fronts that gave any field (the rest ended in OCRError). */
  readRate: number | null;
  /** Key fields (names, number, dates), an unread front counting as all wrong; `visualForm`. */
  keyFieldAccuracy: number | null;
  /** Share of measured fronts with every key field right. */
  keyFieldsExact: number | null;
  /** The same with diacritics folded (`foldedForm`). */
  keyFieldAccuracyFolded: number | null;
  /** Character error rate of the key fields (`visualForm`). */
  keyFieldCer: number | null;
  /** Key name fields whose truth has a letter with a mark (one `foldedForm` changes): how many… */
  markedNames: number;
  /** … and the share read exactly, marks and all (`visualForm`), an unread one counting as wrong. */
  markedNameAccuracy: number | null;
  /**
   * The marked names not read exactly, by what went wrong: not read at all, read right but for a
   * mark (`foldedForm` agrees), or a letter of their own wrong. Counts only, so that a held-out
   * family says where its misses lie without showing which specimen missed.
   */
  markedNameMisses: MarkedNameMisses;
  fields: Record<string, number>;
  /** Every visual field the truth holds (address, height, country…). */
  allFieldAccuracy: number | null;
  errors: Record<string, number>;
}

export interface MarkedNameMisses {
  absent: number;
  marks: number;
  letters: number;
}

/** How a marked name `truth` was missed in `read` (undefined: not missed). */
function markedNameMiss(truth: string, read: string | undefined): keyof MarkedNameMisses | undefined {
  if (read === undefined) return 'absent';
  if (visualForm(read) === visualForm(truth)) return undefined;
  return foldedForm(read) === foldedForm(truth) ? 'marks' : 'letters';
}

function frontBlock(outcomes: Outcomes): FrontBlock {
  const measured = outcomes.filter((o): o is { record: SpecimenRecord; outcome: ReaderOutcome } => o.outcome !== null);
  const pairs = (fields: readonly string[] | null) => measured.map((o) => ({
    truth: fields === null ? { ...o.record.truth.fields } : pickFields(o.record.truth.fields, fields),
    read: o.outcome.read ? o.outcome.fields : undefined,
  }));
  const key = fieldAccuracy(pairs(OCR_KEY_FIELDS), visualForm);
  const none = measured.length === 0;
  const marked = pairs(NAME_KEY_FIELDS).flatMap(({ truth, read }) => Object.entries(truth)
    .filter(([, value]) => value !== undefined && foldedForm(value) !== visualForm(value))
    .map(([field, value]) => markedNameMiss(value!, read?.[field] as string | undefined)));
  const misses: MarkedNameMisses = { absent: 0, marks: 0, letters: 0 };
  for (const miss of marked) if (miss !== undefined) misses[miss] += 1;
  return {
    specimens: outcomes.length,
    measured: measured.length,
    readRate: share(measured.filter((o) => o.outcome.read).length, measured.length),
    keyFieldAccuracy: none ? null : rounded(key.overall),
    keyFieldsExact: none ? null : rounded(key.exact),
    keyFieldAccuracyFolded: none ? null : rounded(fieldAccuracy(pairs(OCR_KEY_FIELDS), foldedForm).overall),
    keyFieldCer: none ? null : rounded(characterErrorRate(pairs(OCR_KEY_FIELDS).flatMap(({ truth, read }) =>
      Object.entries(truth).map(([field, value]) => ({ truth: visualForm(value ?? ''), read: read?.[field] === undefined ? undefined : visualForm(read[field] as string) }))))),
    markedNames: marked.length,
    markedNameAccuracy: share(marked.filter((miss) => miss === undefined).length, marked.length),
    markedNameMisses: misses,
    fields: Object.fromEntries(Object.entries(key.fields).map(([field, value]) => [field, rounded(value) ?? 0])),
    allFieldAccuracy: none ? null : rounded(fieldAccuracy(pairs(null), visualForm).overall),
    errors: tally(measured.flatMap((o) => (o.outcome.code === undefined ? [] : [o.outcome.code]))),
  };
}

/** Front OCR scores: overall, by type, by capture, with the typical mismatches of every field. */
export function scoreFront(records: readonly SpecimenRecord[]) {
  const outcomes: Outcomes = records.filter(readerEligible).map((record) => ({ record, outcome: frontOutcome(record) }));
  const read = outcomes.filter((o) => o.outcome?.read === true);
  return {
    overall: frontBlock(outcomes),
    byDocumentType: scoreBy(outcomes, (o) => byType(o.record), frontBlock),
    byCapture: scoreBy(outcomes, (o) => byCapture(o.record), frontBlock),
    mismatches: mismatches(read.map((o) => ({ id: o.record.truth.id, truth: { ...o.record.truth.fields }, read: o.outcome!.fields })), visualForm),
  };
}

/** The visual fields whose confidence the reliability table follows (the ones the verdict compares). */
export const RELIABILITY_FIELDS = Object.freeze(['id', 'dob', 'expires', 'familyName'] as const);

export interface FieldReliability {
  /** Measured fronts whose truth holds the field. */
  labelled: number;
  /** Of those, fronts that gave no value for it (or no confidence). */
  absent: number;
  bands: ReliabilityBand[];
}

/**
 * Per key visual field: its readings by the confidence the service gave them, and how many in each
 * band were right (`visualForm`). A field that was not read has no confidence and counts as absent.
 */
export function scoreReliability(records: readonly SpecimenRecord[]): Record<string, FieldReliability> {
  const fronts = records.filter(readerEligible).map((record) => ({ record, outcome: frontOutcome(record) }))
    .filter((o): o is { record: SpecimenRecord; outcome: ReaderOutcome } => o.outcome !== null);
  return Object.fromEntries(RELIABILITY_FIELDS.map((field) => {
    const labelled = fronts.filter((o) => o.record.truth.fields[field] !== undefined);
    const readings = labelled.flatMap(({ record, outcome }) => {
      const value = outcome.fields[field];
      const confidence = outcome.confidence?.[field];
      return value === undefined || confidence === undefined ? [] : [{ confidence, right: visualForm(value) === visualForm(record.truth.fields[field] as string) }];
    });
    return [field, { labelled: labelled.length, absent: labelled.length - readings.length, bands: reliability(readings) }];
  }));
}
