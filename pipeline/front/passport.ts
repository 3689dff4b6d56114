/**
 * Passport pages, passport cards, residence and ID cards: fields under captions, usually bilingual
 * and above the value; dates day first except on US cards. MRZ lines are left to the MRZ reader.
 */
import { settleDates, wholeLineDate, type DateField } from './date-order.js';
import { findReadDate, numericOrderOf, type DateKind, type NumericOrder } from './dates.js';
import { NO_MACHINE_VALUES, withMachineValues, type MachineValues } from './guided.js';
import { holdsCaption, label, readLabelledValues, withoutCaptions, type LabelRule, type Reading } from './labels.js';
import type { FrontLine } from './layout.js';
import { fieldsFrom, type FrontReading } from './contract-fields.js';
import { machineNumberForm, machineNumberPattern, readShapedNumber } from './shaped-number.js';
import { familyBesideGiven, familyNextToGiven, readVisualZoneNames } from './unlabelled-names.js';
import { codesRowLines, readHeaderNumber, readNumberBesideCodes, readVisualZoneNumber } from './visual-zone-number.js';
import { givenAfterFamily, mandatoryExpiry } from './visual-zone-places.js';
import {
  BIRTH_SPELLINGS, BIRTH_WORDS, EXPIRY_SPELLINGS, EXPIRY_WORDS, GIVEN_SPELLINGS, GIVEN_WORDS, ISSUE_SPELLINGS, ISSUE_WORDS, NUMBER_SPELLINGS,
  NUMBER_WORDS, OTHER_SPELLINGS, OTHER_WORDS, SURNAME_SPELLINGS, SURNAME_WORDS,
} from './visual-zone-captions.js';
import { asDigits, captionedDocumentNumber, countryCode, documentTypeCode, personName, sex, type ValueParser } from './values.js';

const rulesFor = (order: NumericOrder): readonly LabelRule[] => {
  const vizDate = (kind: DateKind): ValueParser => (s) => findReadDate(s, order, kind);
  return [
  {
    field: 'id', label: label(undefined, NUMBER_WORDS, '(?=[\\s:./]|$)'), parse: captionedDocumentNumber,
    captions: NUMBER_SPELLINGS,
  },
  { field: 'familyName', label: label(undefined, SURNAME_WORDS, '(?=[\\s:./]|$)'), parse: personName, captions: SURNAME_SPELLINGS },
  { field: 'privateName', label: label(undefined, GIVEN_WORDS, '(?=[\\s:./]|$)'), parse: personName, captions: GIVEN_SPELLINGS },
  { field: 'dob', label: label(undefined, BIRTH_WORDS, '(?=[\\s:./]|$)'), parse: vizDate('past'), captions: BIRTH_SPELLINGS },
  { field: 'expires', label: label(undefined, EXPIRY_WORDS, '(?=[\\s:./]|$)'), parse: vizDate('future'), captions: EXPIRY_SPELLINGS },
  { field: 'issued', label: label(undefined, ISSUE_WORDS, '(?=[\\s:./]|$)'), parse: vizDate('past'), captions: ISSUE_SPELLINGS },
  { field: 'gender', label: label(undefined, 'SEX|SEXE|GESCHLECHT', '(?=[\\s:./]|$)'), parse: sex, captions: ['Sex/Sexe', 'Geschlecht'] },
  { field: 'abbr3Country', label: label(undefined, 'CODE(?:\\s*OF\\s*ISSUING\\s*STATE)?|COUNTRY\\s*CODE', '(?=[\\s:./]|$)'), parse: countryCode },
  {
    label: label(undefined, OTHER_WORDS, '(?=[\\s:./]|$)'), captions: OTHER_SPELLINGS,
  },
  // The document's type is a code of a letter or two (P, PC, ID): a name printed under its caption is not claimed.
  { label: label(undefined, 'TYPE|CATEGORY', '(?=[\\s:./]|$)'), parse: documentTypeCode },
  ];
};
const RULES: Readonly<Record<NumericOrder, readonly LabelRule[]>> = { DMY: rulesFor('DMY'), MDY: rulesFor('MDY') };

/** An MRZ line: fillers in a row, or 28+ capitals and digits holding a digit or filler (a long surname alone holds neither). */
export function isMrzLine(text: string): boolean {
  const compact = text.replace(/\s/g, '');
  return /<{2,}/.test(compact) || (/^[A-Z0-9<]{28,}$/.test(compact) && /[0-9<]/.test(compact));
}

export function readVisualZone(lines: readonly FrontLine[], found: MachineValues = NO_MACHINE_VALUES, today = new Date()): FrontReading {
  const visual = lines.filter((l) => !isMrzLine(l.text));
  // Visual zones print day first except US documents; a machine date found on the page settles
  // the order, else the page's own dates, else the issuer's country.
  const american = visual.some((l) => /^(?:USA|UNITED STATES(?: OF AMERICA)?)$/i.test(l.text.trim()));
  const order = found.order ?? numericOrderOf(visual.map((l) => asDigits(l.text)), american ? 'MDY' : 'DMY');
  const { readings, claimed } = readLabelledValues(visual, RULES[order]);
  const givenAfter = givenAfterFamily(readings);
  if (givenAfter !== undefined) readings.set('privateName', givenAfter);
  const used = new Set([...readings.values()].map((r) => r.line).concat([...claimed]));
  const labelled = new Map<DateField, Reading>();
  for (const field of ['dob', 'issued', 'expires'] as const) {
    const reading = readings.get(field);
    if (reading !== undefined) labelled.set(field, reading);
    readings.delete(field);
  }
  const loose = visual.filter((l) => !used.has(l)).map((l) => wholeLineDate(l, order)).filter((r): r is Reading => r !== undefined);
  const settled = settleDates(labelled, loose, today);
  const expiry = mandatoryExpiry(settled, loose, visual);
  if (expiry !== undefined) settled.set('expires', expiry);
  for (const [field, reading] of settled) readings.set(field, reading);
  // The type and state codes' row holds codes and the number, no names.
  const codesRow = codesRowLines(visual);
  const notNames = new Set([...used, ...codesRow]);
  const byPlace = readVisualZoneNames(visual, readings, notNames);
  for (const [field, reading] of byPlace) readings.set(field, reading);
  // The number where ICAO places it, beside the codes, wins over a caption's value without a digit
  // (the title PASSPORT taken for the lost caption, and the word under it for the number).
  const besideCodes = readNumberBesideCodes(visual, used);
  const captioned = readings.get('id');
  if (besideCodes !== undefined && (captioned === undefined || !/\d/.test(captioned.value))) readings.set('id', besideCodes);
  const number = readVisualZoneNumber(visual, readings, used, order);
  if (number !== undefined) readings.set('id', number);
  const header = /\d/.test(readings.get('id')?.value ?? '') ? undefined : readHeaderNumber(visual, readings, used);
  if (header !== undefined) readings.set('id', header);
  withoutCaptions(readings, RULES[order]);
  const familyBefore = readings.get('familyName')?.line;
  withMachineValues(readings, found.readings, found.machine);
  // Given names placed under the family name's line are placed again where the machine-readable
  // part found the family name on another line.
  const pointedFamily = readings.get('familyName');
  const givenByPlace = byPlace.get('privateName');
  if (givenByPlace !== undefined && readings.get('privateName') === givenByPlace && pointedFamily !== undefined && pointedFamily.line !== familyBefore) {
    readings.delete('privateName');
  }
  const placed = new Set([...notNames, ...[...readings.values()].map((r) => r.line)]);
  for (const [field, reading] of readVisualZoneNames(visual, readings, placed)) if (!readings.has(field)) readings.set(field, reading);
  const barred = (line: FrontLine): boolean => used.has(line) || holdsCaption(line, RULES[order]);
  const family = familyBesideGiven(readings) ?? familyNextToGiven(visual, readings, barred, false);
  if (family !== undefined) readings.set('familyName', family);
  const shaped = readShapedNumber(visual, readings, used, machineNumberForm(found.machine.id), order, machineNumberPattern(found.machine.id));
  if (shaped !== undefined) readings.set('id', shaped);
  return fieldsFrom(readings, { template: undefined });
}
