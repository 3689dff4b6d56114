/**
 * The holder's names where their captions were not read, by the place the design fixes: ICAO 9303
 * prints family then given names before the date of birth in the data column; AAMVA prints 1 then
 * 2 above the address (8). A name read less surely than FRONT_TUNING.minUnlabelledConfidence is left out.
 */
import type { DocumentField } from '../../common/document.js';
import { levenshtein } from '../../common/edit-distance.js';
import type { Reading } from './labels.js';
import { spanConfidence, type FrontLine } from './layout.js';
import { givenNames, personName, type ValueParser } from './values.js';
import { FRONT_TUNING } from './tunables.js';

/**
 * Lower-case letters drawn as their capitals, only smaller: in a short word the recogniser reads a
 * printed JO as `Jo` as often as not (a short J as `j`).
 */
const CAPITAL_SHAPED = /[cjosuvwxz]/g;

/**
 * A line that is a name and nothing else, in capitals, with its confidence; digits mean a number
 * or date. `capitals`: only a line in capitals (capital-shaped lower case allowed).
 */
export function wholeName(line: FrontLine, text = line.text, capitals = true, parse: ValueParser = personName): Reading | undefined {
  const letters = capitals ? /^[\p{Lu}\s'’.,-]+$/u : /^[\p{L}\s'’.,-]+$/u;
  const shaped = capitals ? text.replace(CAPITAL_SHAPED, (c) => c.toUpperCase()) : text;
  if (!upright(line) || !letters.test(shaped.trim()) || (text.match(/\p{L}/gu) ?? []).length < 2) return undefined;
  const found = parse(shaped);
  if (found === undefined || found.end !== text.trimEnd().length) return undefined;
  // The span starts at the name, not at a blanked field number; the confidence is the whole match's.
  const start = found.start + (text.slice(found.start).length - text.slice(found.start).trimStart().length);
  return { ...found, start, line, confidence: spanConfidence(line, found.start, found.end) };
}

/** Whether a line is printed along the card's rows: an overprint (SAMPLE, VOID) is set upright or diagonal. */
function upright(line: FrontLine): boolean {
  return 2 * (line.right - line.left) >= line.height && line.height <= FRONT_TUNING.maxLevelHeight * line.textHeight;
}

/** Each name kept only where read surely, or where it reads a name the machine-readable part holds (no garbled caption). */
export function keptNames(family: Reading | undefined, given: Reading | undefined): Map<DocumentField, Reading> {
  const out = new Map<DocumentField, Reading>();
  const sure = (name: Reading) => name.confidence >= FRONT_TUNING.minUnlabelledConfidence || name.line.knownName;
  if (family !== undefined && sure(family)) out.set('familyName', family);
  if (given !== undefined && sure(given)) out.set('privateName', given);
  return out;
}

export function stackedUnder(upper: FrontLine, lower: FrontLine): boolean {
  return lower.top > upper.cy && lower.top - upper.top <= FRONT_TUNING.maxNamePitch * upper.height
    && Math.abs(lower.left - upper.left) < FRONT_TUNING.columnSlack * upper.height;
}

/**
 * A visual zone's names where a caption was not read: the name-shaped lines in the date of birth's
 * column and above it, top first; with one name labelled, the nearest on its side. A text printed
 * twice is never a name. Without a date of birth the names stay out.
 */
export function readVisualZoneNames(lines: readonly FrontLine[], readings: ReadonlyMap<DocumentField, Reading>,
  used: ReadonlySet<FrontLine>): Map<DocumentField, Reading> {
  const family = readings.get('familyName');
  const given = readings.get('privateName');
  const dob = readings.get('dob')?.line;
  if ((family !== undefined && given !== undefined) || dob === undefined) return new Map();
  const printed = new Map<string, number>();
  for (const l of lines) printed.set(l.text.trim(), (printed.get(l.text.trim()) ?? 0) + 1);
  // The data column is the date of birth's, or, where the design prints the nationality before
  // it on its row (`UTOPIAN  14 MAR 1983`), that row's first line's.
  const rowStart = lines.filter((l) => l.left < dob.left && Math.abs(l.cy - dob.cy) < Math.min(l.height, dob.height) / 2
    && l.textHeight >= FRONT_TUNING.minUnlabelledHeight * dob.textHeight).sort((a, b) => a.left - b.left)[0];
  const inColumn = (l: FrontLine): boolean => [dob, rowStart].some((c) => c !== undefined && Math.abs(l.left - c.left) < FRONT_TUNING.columnSlack * dob.height);
  // In the placed name's case as printed; with neither placed, only capitals (garbled captions come
  // back in mixed case).
  const known = family ?? given;
  const knownText = known?.line.text.slice(known.start, known.end);
  const capitals = knownText === undefined || knownText === knownText.toUpperCase();
  const candidates = lines
    .filter((l) => !used.has(l) && printed.get(l.text.trim()) === 1 && l.index < dob.index && l.bottom <= dob.cy && l.textHeight >= FRONT_TUNING.minUnlabelledHeight * dob.textHeight
      && inColumn(l))
    .map((l) => wholeName(l, l.text, capitals))
    .filter((r): r is Reading => r !== undefined)
    .sort((a, b) => a.line.top - b.line.top);
  if (given !== undefined) {
    const above = candidates.filter((c) => c.line.bottom <= given.line.cy).at(-1);
    return above !== undefined && stackedUnder(above.line, given.line) ? keptNames(above, undefined) : new Map();
  }
  if (family !== undefined) {
    const below = candidates.find((c) => c.line.top >= family.line.cy);
    return below !== undefined && stackedUnder(family.line, below.line) ? keptNames(undefined, below) : new Map();
  }
  const [first, second] = candidates;
  return first !== undefined && second !== undefined && stackedUnder(first.line, second.line) ? keptNames(first, second) : new Map();
}

/** Both names' designator opening a line (`1,2`, `2,1`), or what blur leaves of it (`12 IVANOVA, TOMAS`). */
const NAMES_DESIGNATOR = /^\s*[12](?:\s*[,.]?\s*[12])?\s*/u;

/** The family name beside the given names on their line: before them and a comma, or after them. Read surely. */
export function familyBesideGiven(readings: ReadonlyMap<DocumentField, Reading>): Reading | undefined {
  const given = readings.get('privateName');
  if (given === undefined || readings.has('familyName')) return undefined;
  const text = given.line.text.replace(NAMES_DESIGNATOR, (d) => ' '.repeat(d.length));
  const before = text.slice(0, given.start);
  const comma = before.search(/,\s*$/);
  const family = comma > 0 ? wholeName(given.line, text.slice(0, comma), false)
    : before.trim() === '' ? wholeName(given.line, ' '.repeat(given.end) + text.slice(given.end), false) : undefined;
  return family === undefined ? undefined : keptNames(family, undefined).get('familyName');
}

export function sameSpan(a: Reading | undefined, b: Reading | undefined): boolean {
  return a !== undefined && b !== undefined && a.line === b.line && a.start < b.end && b.start < a.end;
}

export const withoutNameDesignator = (text: string): string => text.replace(/^\s*[12]\.?\s*(?=\p{L}[\p{L}'’])/u, (s) => ' '.repeat(s.length));

/**
 * The family name where only the given names were placed: the name line stacked against them in
 * their column, as high and in their case, read surely; above (ICAO, AAMVA), or `below` too. A line
 * on both sides leaves it out.
 */
export function familyNextToGiven(lines: readonly FrontLine[], readings: ReadonlyMap<DocumentField, Reading>,
  barred: (line: FrontLine) => boolean, below: boolean): Reading | undefined {
  const given = readings.get('privateName');
  if (given === undefined || readings.has('familyName')) return undefined;
  const read = new Set([...readings.values()].map((r) => r.line));
  // In the given names' case as printed: the machine's value, found there, is given in capitals.
  const printed = given.line.text.slice(given.start, given.end);
  const capitals = printed === printed.toUpperCase();
  const name = (line: FrontLine): Reading | undefined => !read.has(line) && !barred(line) && line.textHeight >= FRONT_TUNING.minUnlabelledHeight * given.line.textHeight
    ? wholeName(line, withoutNameDesignator(line.text), capitals) : undefined;
  const nearest = (side: (l: FrontLine) => boolean, byTop: number): Reading | undefined => lines.filter(side)
    .sort((a, b) => byTop * (a.top - b.top)).map(name).find((r) => r !== undefined);
  const above = nearest((l) => stackedUnder(l, given.line), -1);
  const under = below ? nearest((l) => stackedUnder(given.line, l), 1) : undefined;
  if (above !== undefined && under !== undefined) return undefined;
  return keptNames(above ?? under, undefined).get('familyName');
}

/** A name's field number opening its line: `1 SAMPLE`, `2. Marie`, `1SAMPLE` (the space lost). */
const DESIGNATED = /^\s*([12])\.?\s*(?=\p{L}[\p{L}'’\s])/u;

/**
 * The names announced by their field numbers (`1 FAMILY`, `2 GIVEN`), wherever the card prints
 * them; a number opening more than one name line announces neither.
 */
export function readDesignatedNames(lines: readonly FrontLine[], barred: (line: FrontLine) => boolean): Map<DocumentField, Reading> {
  const named = (digit: string, parse: ValueParser): Reading | undefined => {
    const found = lines.filter((l) => !barred(l) && DESIGNATED.exec(l.text)?.[1] === digit)
      .map((l) => wholeName(l, withoutNameDesignator(l.text), false, parse));
    return found.length === 1 ? found[0] : undefined;
  };
  return keptNames(named('1', personName), named('2', givenNames));
}

/** A line of letters in mixed case: print on these cards is in capitals, handwriting never reads so. */
const HANDWRITTEN = /^(?=.*\p{Ll})(?=.*\p{Lu})[\p{L}\s.'’-]+$/u;

const nameWords = (text: string): string[] => text.toUpperCase().split(/[\s.,]+/).filter((w) => /^\p{L}{2,}$/u.test(w));

/**
 * The last words of the holder's signature as the recogniser read it (lines of letters in mixed
 * case): people sign given names before the family name, so the signature's last word is the
 * family name whichever order the card prints the names in.
 */
export function signedLastWords(lines: readonly FrontLine[]): string[] {
  return lines.filter((l) => HANDWRITTEN.test(l.text.trim())).flatMap((l) => nameWords(l.text).slice(-1));
}

/** Whether a signature's last word is the last word of `name`. */
export function signedAsFamily(signed: readonly string[], name: Reading): boolean {
  const last = nameWords(name.value).at(-1);
  return last !== undefined && last.length >= 3
    && signed.some((word) => levenshtein(word, last) <= Math.floor(last.length / FRONT_TUNING.signedEdits));
}

/** The part [start, end) of a name's line read by `parse`, placed on the line. */
function namePart(name: Reading, start: number, end: number, parse: ValueParser): Reading | undefined {
  const text = name.line.text.slice(start, end);
  const found = parse(' '.repeat(start) + text);
  if (found === undefined) return undefined;
  const from = start + (text.length - text.trimStart().length);
  return { value: found.value, start: from, end: found.end, line: name.line, confidence: spanConfidence(name.line, from, found.end) };
}

/** A name line without a comma cut before its last word: given names, then the family name. */
function cutBeforeLastWord(name: Reading): { family: Reading; given: Reading } | undefined {
  const text = name.line.text.slice(0, name.end);
  const cut = text.trimEnd().lastIndexOf(' ');
  if (text.includes(',') || cut <= name.start) return undefined;
  const given = namePart(name, name.start, cut, givenNames);
  const family = namePart(name, cut + 1, name.end, personName);
  return given === undefined || family === undefined ? undefined : { family, given };
}

/**
 * One name line printed given names first (`JOHN Q. PUBLIC`), its last word signed as the family
 * name: cut before that word. A line with a comma prints the family name first and is no such line.
 */
export function givenFirstLine(name: Reading, signed: readonly string[]): { family: Reading; given: Reading } | undefined {
  return signedAsFamily(signed, name) ? cutBeforeLastWord(name) : undefined;
}

/** What follows a given name's comma when the comma is the given names' own (`CONNOR M, JR`). */
const SUFFIX = /^\s*(?:JR|SR|II|III|IV|V)\.?\s*$/i;

/**
 * One name line printed family name first, then a comma and the given names (`SMITH, PETER`):
 * AAMVA's `1,2` line whose designator was not read, and ICAO's one name field.
 */
export function familyFirstLine(name: Reading): { family: Reading; given: Reading } | undefined {
  const text = name.line.text.slice(0, name.end);
  const comma = text.indexOf(',', name.start);
  if (comma <= name.start || text.indexOf(',', comma + 1) >= 0 || SUFFIX.test(text.slice(comma + 1))) return undefined;
  const family = namePart(name, name.start, comma, personName);
  const given = namePart(name, comma + 1, name.end, givenNames);
  return given === undefined || family === undefined ? undefined : { family, given };
}
