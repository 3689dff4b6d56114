/**
 * How read values are compared with the truth (docs/bench.md, "Comparing values").
 *
 * Machine-readable fields (AAMVA, MRZ) are compared exactly: the contract fixes their format
 * (decisions.md, "Field values") and the readers produce it from encoded text, so any difference
 * is an error.
 *
 * Front OCR fields are compared after `visualForm`: Unicode NFC, upper case, runs of white space
 * as one space, trimmed. Diacritics are kept: the contract keeps names' letters as the document
 * prints them, so reading ØDEGÅRD as ODEGARD is an error. `foldedForm` also drops diacritics
 * (Ø→O, Å→A, ß→SS) and is reported beside it, so the share of errors that are only lost accents
 * shows.
 */
import { asciiFold } from '../../test/fixtures/specimens/person.js';

/** Case- and spacing-insensitive form; diacritics kept. */
export function visualForm(value: string): string {
  return value.normalize('NFC').toUpperCase().replace(/\s+/g, ' ').trim();
}

/** `visualForm` without diacritics. */
export function foldedForm(value: string): string {
  return visualForm(asciiFold(value.normalize('NFC')).toUpperCase());
}

/** Fields compared for the OCR headline: names, numbers, dates (every visual field is reported too). */
export const OCR_KEY_FIELDS = Object.freeze(['id', 'dob', 'issued', 'expires', 'familyName', 'privateName'] as const);

/** The key fields that hold names: where letters with marks are scored apart (score-readers.ts). */
export const NAME_KEY_FIELDS = Object.freeze(['familyName', 'privateName'] as const);

/** The truth restricted to `fields`. */
export function pickFields(source: Readonly<Record<string, string | undefined>>, fields: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(fields.filter((field) => source[field] !== undefined).map((field) => [field, source[field]]));
}
