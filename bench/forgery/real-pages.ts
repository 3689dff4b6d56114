/**
 * Real passport pages and ID cards with an ICAO MRZ (../shared/data/real-docs): which ones, and
 * what an edit of one visual-zone field prints instead of the transcribed value, by alteration
 * kind (the MRZ in the image stays genuine). image-edit.ts paints the edit.
 *
 * Printed dates keep their own form (`12.08.1964`, `07 JUN 1984`, `12 AUG/AOUT 74`): only the day
 * or year figures change, found by the values the MRZ holds for them.
 */
import {
  alterDate, alterFamilyName, alterNumber, otherGivenName, type Alteration, type AlterationKind,
} from '../../test/fixtures/specimens/alterations.js';
import { drawFor } from '../../test/fixtures/specimens/draw.js';
import { scrambleNumber } from '../../test/fixtures/specimens/negatives.js';
import type { RealDoc } from '../real-docs.js';

/** The seed of the real pages' alteration draws. */
const REAL_SEED = 5456;

/** Why a real document with an MRZ is left out of the page part; null where it is in. */
export function pageSkipReason(doc: RealDoc & { mrz_all_checks_valid?: boolean | null }): string | null {
  if (doc.mrz === null || (doc.kind !== 'passport_page' && doc.kind !== 'id_front')) return 'no ICAO MRZ on this image';
  const lengths = doc.mrz.map((line) => line.length).join(',');
  if (lengths !== '44,44' && lengths !== '30,30,30' && lengths !== '36,36') return 'no ICAO MRZ on this image';
  if (doc.mrz_all_checks_valid === false) return 'its MRZ fails its own check digits as printed';
  const differs = printedOtherwise(doc);
  if (differs !== null) return `its front prints ${differs} otherwise than its MRZ holds, as issued: no genuine pair`;
  return null;
}

/** Letters only, marks dropped, in capitals: a name as the MRZ's letters may spell it. */
const nameLetters = (name: string): string => name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/[^A-Z]/g, '');

/**
 * The key field whose transcription (the front as printed) disagrees with the document's own MRZ,
 * or null: a specimen printed so (a misspelt surname, an expiry other than the MRZ's) is no
 * genuine document to count a false alarm on, and an alteration of it is caught by the difference
 * it already has. Dates compare as the MRZ's YYMMDD; the family name by its letters, either side
 * allowed to be cut where the other goes on.
 */
function printedOtherwise(doc: RealDoc): string | null {
  for (const [key, which] of [['date_of_birth', 'dob'], ['expiry_date', 'expires']] as const) {
    const iso = doc.dates_iso?.[key];
    if (typeof iso === 'string' && iso.replace(/-/g, '').slice(2) !== mrzDate(doc, which)) return `the ${which === 'dob' ? 'date of birth' : 'expiry date'}`;
  }
  const family = text(doc, 'family_name');
  const names = doc.mrz!.length === 3 ? doc.mrz![2]! : doc.mrz![0]!.slice(5);
  const machine = nameLetters(names.split('<<')[0]!);
  const printed = family === null ? '' : nameLetters(family);
  if (printed !== '' && machine !== '' && !printed.startsWith(machine) && !machine.startsWith(printed)) return 'the family name';
  return null;
}

const text = (doc: RealDoc, key: string): string | null => {
  const value = doc.fields[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** YYMMDD of the date of birth or expiry, where the MRZ format puts them. */
function mrzDate(doc: RealDoc, which: 'dob' | 'expires'): string {
  const line = doc.mrz![1]!;
  const td1 = doc.mrz!.length === 3;
  const at = which === 'dob' ? (td1 ? 0 : 13) : (td1 ? 8 : 21);
  return line.slice(at, at + 6);
}

/** The transcription's ISO date, else the MRZ's (a two-digit year put in the century a person's birth or a document's expiry is likely in). */
function isoDate(doc: RealDoc, which: 'dob' | 'expires'): string {
  const transcribed = doc.dates_iso?.[which === 'dob' ? 'date_of_birth' : 'expiry_date'];
  if (typeof transcribed === 'string') return transcribed;
  const yymmdd = mrzDate(doc, which);
  const yy = Number(yymmdd.slice(0, 2));
  const century = which === 'expires' || yy <= 30 ? 20 : 19;
  return `${century}${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

/**
 * The printed date with its day and year figures changed from `iso` to `altered`; null where they
 * cannot be told apart in the print. Day first where day and month read alike (`01 01 1980`).
 */
export function reprintDate(printed: string, iso: string, altered: string): string | null {
  const [year, , day] = iso.split('-') as [string, string, string];
  const [newYear, , newDay] = altered.split('-') as [string, string, string];
  const tokens = [...printed.matchAll(/\d+/g)].map((m) => ({ text: m[0], at: m.index }));
  const yearToken = tokens.find((t) => t.text === year) ?? [...tokens].reverse().find((t) => t.text === year.slice(2));
  const dayToken = tokens.find((t) => t !== yearToken && Number(t.text) === Number(day));
  if (yearToken === undefined || dayToken === undefined) return null;
  const replacements = [
    { ...yearToken, by: yearToken.text.length === 4 ? newYear : newYear.slice(2) },
    { ...dayToken, by: newDay.padStart(dayToken.text.length, '0') },
  ].sort((a, b) => b.at - a.at);
  let out = printed;
  for (const t of replacements) out = out.slice(0, t.at) + t.by + out.slice(t.at + t.text.length);
  return out === printed ? null : out;
}

/** What the edited page prints: the transcribed value to paint over and its replacement; null where the kind cannot apply. */
export function pageEdit(doc: RealDoc, kind: AlterationKind): { value: string; alteration: Alteration } | null {
  const draw = drawFor(REAL_SEED, 'page', doc.path, kind);
  const edit = (field: Alteration['field'], value: string | null, altered: string | null) =>
    (value === null || altered === null || altered === value ? null : { value, alteration: { kind, field, genuine: value, altered } });
  const number = text(doc, 'document_number');
  switch (kind) {
    case 'number-digit': case 'number-swap': case 'number-lookalike':
      return edit('id', number, number === null ? null : alterNumber(kind, number, draw));
    case 'gross':
      return edit('id', number, number === null ? null : scrambleNumber(number, draw));
    case 'dob-day': case 'dob-year': case 'expiry-1y': case 'expiry-4y': {
      const which = kind.startsWith('dob') ? 'dob' : 'expires';
      const printed = text(doc, which === 'dob' ? 'date_of_birth' : 'expiry_date');
      const iso = isoDate(doc, which);
      return edit(which, printed, printed === null ? null : reprintDate(printed, iso, alterDate(kind, iso, draw)));
    }
    case 'family-letter': case 'family-similar': {
      const family = text(doc, 'family_name');
      return edit('familyName', family, family === null ? null : alterFamilyName(kind, family, draw));
    }
    case 'given-other': {
      // The first given name is replaced; the line keeps the others (`ANNA MARIA` → `GRACE MARIA`).
      const given = text(doc, 'given_names');
      if (given === null) return null;
      const [first = '', ...rest] = given.split(' ');
      const sex = text(doc, 'sex');
      const other = otherGivenName(given.split(' '), sex === 'M' || sex === 'F' ? sex : null, draw);
      const cased = first === first.toUpperCase() ? other.toUpperCase() : other;
      return edit('firstName', given, [cased, ...rest].join(' '));
    }
  }
}
