/**
 * The key fields compared, one check each (decisions.md, "Verdict"): passed where the front's pixels
 * explain the machine-readable value about as well as their own reading (margin ≤ passAt), failed
 * where they show another (≥ failAt), else undetermined. Values compare as values: dates as dates,
 * numbers without spacing, names as an MRZ spells them.
 */
import type { CheckName, VerificationCheck } from '../../common/checks.js';
import type { Confidences, DocumentField, DocumentFields } from '../../common/document.js';
import { baseLetter } from '../../common/icao-transliteration.js';
import { lettersAndDigits } from '../../common/letters-and-digits.js';
import type { Reading } from '../front/labels.js';
import { LOOK_ALIKES, type SettledGlyph } from '../front/glyphs-alone.js';
import { namesFillField } from '../mrz/fields.js';
import { FIELD_CHECK } from './calibration.js';
import { valueMargin } from './field-evidence.js';
import { MARK_LOST, printedForms, type PrintedForm } from './printed-forms.js';
import { normalise, spelledOut } from './similarity.js';

export const KEY_FIELD_CHECKS: readonly { field: DocumentField; name: CheckName; words: string; bothSides: boolean }[] = Object.freeze([
  { field: 'id', name: 'documentNumberMatch', words: 'document number', bothSides: false },
  { field: 'dob', name: 'dateOfBirthMatch', words: 'date of birth', bothSides: false },
  { field: 'expires', name: 'expiryDateMatch', words: 'expiry date', bothSides: false },
  { field: 'familyName', name: 'familyNameMatch', words: 'family name', bothSides: false },
  { field: 'firstName', name: 'firstNameMatch', words: 'first given name', bothSides: false },
  { field: 'issued', name: 'issueDateMatch', words: 'issue date', bothSides: true },
  { field: 'gender', name: 'sexMatch', words: 'sex', bothSides: true },
]);

export const KEY_FIELDS: readonly DocumentField[] = Object.freeze(KEY_FIELD_CHECKS.map((c) => c.field));

export interface Sides {
  machine: DocumentFields;
  visual: DocumentFields;
  readings: ReadonlyMap<DocumentField, Reading>;
  /** The machine-readable part's own trust in each of its fields, 0–100 (an MRZ name is read by OCR, with no check digit). */
  machineTrust: Confidences;
  source: string;
  /** Whether names are spelled as ICAO 9303 transliterates them (an MRZ: Ü as UE); a barcode's pair is two letters. */
  transliterated: boolean;
}

/** A machine-readable field read less surely than this (an MRZ's names, held by no check digit) cannot prove the front wrong. */
const MIN_MACHINE_TRUST = 80;

function nameKeys(name: string): string[] {
  return [...new Set([normalise(name), spelledOut(name)])];
}

/** The first given name of given names: the first of the words an MRZ parts with `<` (hyphens and commas too). */
export function firstGivenName(names: string): string {
  return names.trim().split(/[\s,\-‐<]+/u)[0] ?? '';
}

function skeleton(name: string): string {
  const spelled = Array.from(name.toUpperCase(), (c) => ({ Ø: 'O', Æ: 'AE', Œ: 'OE', Þ: 'TH', Ð: 'D', Đ: 'D', Ł: 'L' } as Record<string, string>)[c] ?? c).join('');
  return Array.from(spelled, baseLetter).join('').replace(/[^A-Z]+/g, ' ').trim();
}

/** The front's name is the machine's but for marks (spelled-out marks only where the machine transliterates). */
function sameButMarks(visual: string, machine: string, transliterated: boolean): boolean {
  const letters = skeleton(machine);
  const pattern = transliterated ? letters.replace(/AE|OE|UE|AA|TH/g, (pair) => `(?:${pair}|${MARK_LOST[pair]})`) : letters;
  return new RegExp(`^${pattern}$`).test(skeleton(visual));
}

export function sameValue(field: DocumentField, visual: string, machine: string, machineFields: DocumentFields, transliterated = true): boolean {
  if (field === 'id') return lettersAndDigits(visual) === lettersAndDigits(machine);
  if (field === 'familyName' || field === 'firstName') {
    const own = nameKeys(visual);
    const theirs = nameKeys(machine);
    if (own.some((key) => theirs.includes(key)) || sameButMarks(visual, machine, transliterated)) return true;
    // An MRZ whose name field is full has cut the name: the front prints it whole.
    return namesFillField(machineFields) && own.some((key) => theirs.some((cut) => cut.length >= 2 && key.startsWith(cut)));
  }
  return visual.trim().toUpperCase() === machine.trim().toUpperCase();
}

function scoreOf(margin: number): number {
  return Math.round(100 * Math.min(1, Math.max(0, 1 - margin / (2 * FIELD_CHECK.failAt))));
}

const optionalFirst = (names: string | undefined): string | undefined => (names === undefined ? undefined : firstGivenName(names) || undefined);

function firstPartOf(reading: Reading | undefined): Reading | undefined {
  if (reading === undefined) return undefined;
  const printed = reading.line.text.slice(reading.start, reading.end);
  const part = firstGivenName(printed);
  const at = printed.indexOf(part);
  return part === '' || at < 0 ? reading : { ...reading, value: part, start: reading.start + at, end: reading.start + at + part.length };
}

/** The machine's value as the front may print it in the reading's span (a first name with the given names run into it, `ILSEMAJ`). */
function formsOf(sides: Sides, field: DocumentField, reading: Reading, visual: string, machine: string): PrintedForm[] {
  const printed = reading.line.text.slice(reading.start, reading.end);
  const forms = printedForms(field, printed, visual, machine, sides.transliterated);
  const given = sides.machine.privateName;
  if (field !== 'firstName' || given === undefined || firstGivenName(given) === given.trim()) return forms;
  return [...forms, ...printedForms(field, printed, visual, given, sides.transliterated)];
}

/**
 * A front's name that begins the machine's is its first words (MIN_FIRST_WORDS) or a card's cut
 * (MIN_CUT_NAME); a shorter name missing its last letter is an alteration to weigh.
 */
const MIN_FIRST_WORDS = 3;
const MIN_CUT_NAME = 12;

/** The machine's name begins with the front's and goes on (two lines, or cut at the field's end): frames cannot weigh the rest. */
function cutOrContinued(field: DocumentField, visual: string, machine: string): boolean {
  if (field !== 'familyName' && field !== 'firstName') return false;
  const own = normalise(visual);
  return nameKeys(machine).some((key) => (own.length >= MIN_FIRST_WORDS && key.startsWith(`${own} `))
    || (own.length >= MIN_CUT_NAME && key.length > own.length && key.startsWith(own)));
}

/**
 * The number's glyphs settled alone (front/glyphs-alone.ts) where the front and the machine
 * differ in nothing else, the machine holding each one's look-alike.
 */
function settledDifference(reading: Reading | undefined, visual: string, machine: string): readonly SettledGlyph[] | undefined {
  const glyphs = reading?.glyphs ?? [];
  const own = lettersAndDigits(visual);
  const theirs = lettersAndDigits(machine);
  if (glyphs.length === 0 || own.length !== theirs.length) return undefined;
  const differing = [...own].flatMap((c, i) => (c === theirs[i] ? [] : [{ printed: c, held: theirs[i]! }]));
  const explained = differing.map((d) => (LOOK_ALIKES[d.printed] === d.held ? glyphs.find((g) => g.printed === d.printed) : undefined));
  return differing.length > 0 && explained.every((g) => g !== undefined) ? explained as SettledGlyph[] : undefined;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function compare(sides: Sides, check: (typeof KEY_FIELD_CHECKS)[number]): VerificationCheck | undefined {
  const { field, name, words, bothSides } = check;
  const first = field === 'firstName';
  const machine = first ? optionalFirst(sides.machine[field]) : sides.machine[field];
  const visual = first ? optionalFirst(sides.visual[field]) : sides.visual[field];
  if (machine === undefined) {
    return bothSides ? undefined : { name, field, result: 'notChecked', reason: `${capitalised(sides.source)} holds no ${words}.` };
  }
  if (visual === undefined) {
    return bothSides ? undefined : { name, field, result: 'undetermined', machineReadable: machine, score: 0, reason: `The ${words} was not read on the front.` };
  }
  const base = { name, field, visual, machineReadable: machine };
  if (sameValue(field, visual, machine, sides.machine, sides.transliterated)) {
    return { ...base, result: 'passed', score: 100, margin: 0, reason: `The front shows the ${words} ${sides.source} holds.` };
  }
  const glyphs = field === 'id' ? settledDifference(sides.readings.get(field), visual, machine) : undefined;
  if (glyphs !== undefined) {
    const margin = Math.min(...glyphs.map((g) => g.contrast));
    return {
      ...base, result: 'failed', score: scoreOf(margin), margin: round2(margin),
      reason: `The front prints ${glyphs.map((g) => g.printed).join(', ')} where ${sides.source} holds ${glyphs.map((g) => LOOK_ALIKES[g.printed]).join(', ')}: read alone, the glyph is that character, not the one ${sides.source} holds.`,
    };
  }
  if (cutOrContinued(field, visual, machine)) {
    return { ...base, result: 'undetermined', score: 50, reason: `The front reads ${visual} where ${sides.source} holds ${machine}: the rest may be cut off or printed on another line.` };
  }
  const reading = first ? firstPartOf(sides.readings.get(field)) : sides.readings.get(field);
  const margin = reading === undefined ? undefined : valueMargin(reading, formsOf(sides, field, reading, visual, machine));
  if (margin === undefined) {
    return { ...base, result: 'undetermined', reason: `The front reads ${visual} where ${sides.source} holds ${machine}, and its pixels there could not be weighed.` };
  }
  const scored = { ...base, score: scoreOf(margin), margin: round2(margin) };
  if (margin >= FIELD_CHECK.failAt && (sides.machineTrust[field] ?? 100) < MIN_MACHINE_TRUST) {
    return { ...scored, result: 'undetermined', reason: `The front shows ${visual}; ${sides.source} reads ${machine}, but its own reading there is doubtful.` };
  }
  if (margin >= FIELD_CHECK.failAt) return { ...scored, result: 'failed', reason: `The front shows ${visual}, ${sides.source} holds ${machine}.` };
  if (margin <= FIELD_CHECK.passAt) return { ...scored, result: 'passed', reason: `The front's pixels show ${machine} as well as the ${visual} first read there.` };
  return { ...scored, result: 'undetermined', reason: `The front reads ${visual} where ${sides.source} holds ${machine}; its pixels do not settle which.` };
}

export function keyFieldChecks(sides: Sides): VerificationCheck[] {
  return KEY_FIELD_CHECKS.flatMap((check) => compare(sides, check) ?? []);
}
