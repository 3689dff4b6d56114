/**
 * Passport data pages, passport cards, permanent resident cards and ID cards: their visual zone
 * labels each field with a caption, usually bilingual (`Surname/Nom`, `Date of birth/Date de
 * naissance`) and usually above the value; dates print day-month-year, with month names
 * (`12 AUG/AOÛT 1974`) or digits (`12.08.1974`). The MRZ lines (all `<` and capitals) are left to
 * the MRZ reader and never taken for a value.
 */
import { findDate, type DateKind } from './dates.js';
import { label, readLabelled, type LabelRule } from './labels.js';
import type { FrontLine } from './layout.js';
import { fieldsFrom, type FrontReading } from './readings.js';
import { asDigits, countryCode, documentNumber, personName, sex, type ValueParser } from './values.js';

const vizDate = (kind: DateKind): ValueParser => (s) => findDate(asDigits(s), 'DMY', kind);

const NUMBER_WORDS = [
  'PASSPORT\\s*(?:CARD\\s*)?(?:NO|N[O°º]|NUMBER|#)\\.?', 'N[O°º]\\.?\\s*DU\\s*PASSEPORT', 'DOCUMENT\\s*(?:NO|NUMBER)\\.?',
  'CARD\\s*(?:NO|NUMBER|#)\\.?', 'USCIS\\s*#', 'ID\\s*(?:NO|NUMBER)\\.?', 'PASSNUMMER', 'NUMERO',
].join('|');

const RULES: readonly LabelRule[] = [
  { field: 'id', label: label(undefined, NUMBER_WORDS, '(?=[\\s:./]|$)'), parse: documentNumber },
  { field: 'familyName', label: label(undefined, 'SURNAMES?|NOM|FAMILY\\s*NAME|APELLIDOS|NAME|NACHNAME', '(?=[\\s:./]|$)'), parse: personName },
  { field: 'privateName', label: label(undefined, 'GIVEN\\s*NAMES?|PR[EÉ]NOMS?|FORENAMES|FIRST\\s*NAMES?|VORNAMEN|NOMBRES', '(?=[\\s:./]|$)'), parse: personName },
  { field: 'dob', label: label(undefined, 'DATE\\s*OF\\s*BIRTH|DATE\\s*DE\\s*NAISSANCE|BIRTH\\s*DATE|GEBURTSTAG|DOB', '(?=[\\s:./]|$)'), parse: vizDate('past') },
  { field: 'expires', label: label(undefined, 'DATE\\s*OF\\s*EXPIRY|DATE\\s*OF\\s*EXPIRATION|EXPIRY\\s*DATE|(?:CARD\\s*)?EXPIRES(?:\\s*ON)?|EXPIRATION|DATE\\s*D.EXPIRATION|G[UÜ]LTIG\\s*BIS', '(?=[\\s:./]|$)'), parse: vizDate('future') },
  { field: 'issued', label: label(undefined, 'DATE\\s*OF\\s*ISSUE|ISSUED(?:\\s*ON)?|ISSUE\\s*DATE|DATE\\s*DE\\s*D[EÉ]LIVRANCE', '(?=[\\s:./]|$)'), parse: vizDate('past') },
  { field: 'gender', label: label(undefined, 'SEX|SEXE|GESCHLECHT', '(?=[\\s:./]|$)'), parse: sex },
  { field: 'abbr3Country', label: label(undefined, 'CODE(?:\\s*OF\\s*ISSUING\\s*STATE)?|COUNTRY\\s*CODE', '(?=[\\s:./]|$)'), parse: countryCode },
  // Captions whose values are not fields: they only keep their values from being taken for others.
  { label: label(undefined, 'NATIONALITY|NATIONALIT[EÉ]|PLACE\\s*OF\\s*BIRTH|LIEU\\s*DE\\s*NAISSANCE|AUTHORITY|AUTORIT[EÉ]|TYPE|CATEGORY|COUNTRY\\s*OF\\s*BIRTH|RESIDENT\\s*SINCE', '(?=[\\s:./]|$)') },
];

/** Reads a visual zone's fields from its lines (in reading order), skipping MRZ lines. */
export function readVisualZone(lines: readonly FrontLine[]): FrontReading {
  const visual = lines.filter((l) => !/<{2,}/.test(l.text) && !/^[A-Z0-9<]{28,}$/.test(l.text.replace(/\s/g, '')));
  const readings = readLabelled(visual, RULES);
  return fieldsFrom(readings, { template: undefined });
}
