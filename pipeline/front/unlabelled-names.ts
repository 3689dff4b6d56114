/**
 * The holder's names where their captions were not read. A photo or a small capture loses the
 * small captions (`Surname/Nom` comes back as `Suman` or not at all) while the large values above
 * or below them survive. The names are then found by their place, which the document's design
 * fixes: ICAO 9303 prints the primary identifier (family name) and then the secondary (given
 * names) before the date of birth in the visual zone's data column; the AAMVA card design prints
 * family name (1) then given names (2) right above the address (8).
 *
 * Place decides which line is which name; the line's own reading decides whether it is kept. A
 * name read less surely than MIN_UNLABELLED_CONFIDENCE is left out, and never lets the line
 * beside it be taken in its place: a missing name is no disagreement, a wrong one a false ItsFake.
 */
import type { DocumentField } from '../../common/document.js';
import type { Reading } from './labels.js';
import { spanConfidence, type FrontLine } from './layout.js';
import { givenNames, personName, type ValueParser } from './values.js';

/** An unlabelled value (name, number) is read at least this surely, on average (garbled captions are less). */
export const MIN_UNLABELLED_CONFIDENCE = 80;
/**
 * An unlabelled value is printed at least this high, relative to the values beside it; captions
 * are smaller. A name compares the height of its text (layout.ts textHeight: a two-letter name's
 * box grows less than a long line's); a number, a long line itself, its box, under which a
 * garbled short caption's stays (visual-zone-number.ts).
 */
export const MIN_UNLABELLED_HEIGHT = 0.7;
/** A line is in a value's column when its left edge is within this many of that value's heights. */
export const COLUMN_SLACK = 2;
/** Family and given names stand at most this many line heights apart, top to top (a caption may lie between). */
const MAX_NAME_PITCH = 3;

/**
 * Lower-case letters drawn as their capitals, only smaller: in a short word the recogniser has no
 * x-height to measure against, and reads a printed JO as `Jo` as often as not. The j is no
 * capital's shape, but a short J comes back as one (`jo`); taken for a J, it places those names
 * and moves nothing else (the accuracy bench).
 */
const CAPITAL_SHAPED = /[cjosuvwxz]/g;

/**
 * A line that is a name and nothing else (at least two letters): the name in capitals, as the
 * documents print their values, with its confidence. Digits mean a number or a date, whatever
 * asLetters would make of them. `capitals`: only a line in capitals, allowing the capital-shaped
 * lower-case letters; garbled captions (`dverr aatles`) come back in mixed case.
 */
export function wholeName(line: FrontLine, text = line.text, capitals = true, parse: ValueParser = personName): Reading | undefined {
  const letters = capitals ? /^[\p{Lu}\s'’.,-]+$/u : /^[\p{L}\s'’.,-]+$/u;
  const shaped = capitals ? text.replace(CAPITAL_SHAPED, (c) => c.toUpperCase()) : text;
  if (!upright(line) || !letters.test(shaped.trim()) || (text.match(/\p{L}/gu) ?? []).length < 2) return undefined;
  const found = parse(shaped);
  if (found === undefined || found.end !== text.trimEnd().length) return undefined;
  // The span starts at the name, not at the blanks a parser's match begins with: where `text` has
  // a field number blanked out (`2 JANE`), those are the number's place on the line, and the
  // verdict weighs the span's frames against the machine's name (a labelled value's span is
  // trimmed so too, labels.ts). The confidence stays that of the whole match, the number's
  // characters with it, as MIN_UNLABELLED_CONFIDENCE was measured on.
  const start = found.start + (text.slice(found.start).length - text.slice(found.start).trimStart().length);
  return { ...found, start, line, confidence: spanConfidence(line, found.start, found.end) };
}

/**
 * Whether a line is printed along the card's rows. An overprint (SAMPLE, VOID, SPECIMEN) is set
 * large across the card, upright at its edge or diagonally over the fields: its box stands
 * taller than wide, or, turned back by the page's skew, spans far more height than its text has
 * (a level box is its text grown by the detector's unclip, about three text heights at most).
 * A name read there is the overprint's, whatever word it is; the holder's name, SAMPLE on many
 * specimens, is printed level.
 */
function upright(line: FrontLine): boolean {
  return 2 * (line.right - line.left) >= line.height && line.height <= MAX_LEVEL_HEIGHT * line.textHeight;
}
/** The most box height a level line has, in its text's heights (layout.ts ungrownHeight, unclip 2). */
const MAX_LEVEL_HEIGHT = 4.5;

/**
 * The readings of a family and a given name, each only where it was read surely enough, or reads
 * a name the machine-readable part holds: a doubtful line that agrees with the MRZ or barcode is
 * no garbled caption, and cannot make a false disagreement (a short JO read at 0.56).
 */
export function keptNames(family: Reading | undefined, given: Reading | undefined): Map<DocumentField, Reading> {
  const out = new Map<DocumentField, Reading>();
  const sure = (name: Reading) => name.confidence >= MIN_UNLABELLED_CONFIDENCE || name.line.knownName;
  if (family !== undefined && sure(family)) out.set('familyName', family);
  if (given !== undefined && sure(given)) out.set('privateName', given);
  return out;
}

/** Whether `lower` stands under `upper` in the same column, one name row or two below. */
export function stackedUnder(upper: FrontLine, lower: FrontLine): boolean {
  return lower.top > upper.cy && lower.top - upper.top <= MAX_NAME_PITCH * upper.height
    && Math.abs(lower.left - upper.left) < COLUMN_SLACK * upper.height;
}

/**
 * A visual zone's names where a caption was not read: the name-shaped lines in the date of
 * birth's column (or in that of the first line of its row) and above it, top first. With one
 * name labelled, the other is the nearest such line on its side (family above given); with
 * neither, the first two, stacked. A text printed twice on the page is never a name. Without a
 * date of birth there is no column to look in, and the names stay out.
 */
export function readVisualZoneNames(lines: readonly FrontLine[], readings: ReadonlyMap<DocumentField, Reading>,
  used: ReadonlySet<FrontLine>): Map<DocumentField, Reading> {
  const family = readings.get('familyName');
  const given = readings.get('privateName');
  const dob = readings.get('dob')?.line;
  if ((family !== undefined && given !== undefined) || dob === undefined) return new Map();
  // A text printed twice is the issuing state, repeated as the nationality, and no one's name.
  const printed = new Map<string, number>();
  for (const l of lines) printed.set(l.text.trim(), (printed.get(l.text.trim()) ?? 0) + 1);
  // The data column is the date of birth's, or, where the design prints the nationality before
  // it on its row (`UTOPIAN  14 MAR 1983`), that row's first line's.
  const rowStart = lines.filter((l) => l.left < dob.left && Math.abs(l.cy - dob.cy) < Math.min(l.height, dob.height) / 2
    && l.textHeight >= MIN_UNLABELLED_HEIGHT * dob.textHeight).sort((a, b) => a.left - b.left)[0];
  const inColumn = (l: FrontLine): boolean => [dob, rowStart].some((c) => c !== undefined && Math.abs(l.left - c.left) < COLUMN_SLACK * dob.height);
  // In the placed name's case as printed: a design that prints names in mixed case (`García`,
  // `Al John`) prints both so. With neither placed, only capitals: garbled captions come back in
  // mixed case.
  const known = family ?? given;
  const knownText = known?.line.text.slice(known.start, known.end);
  const capitals = knownText === undefined || knownText === knownText.toUpperCase();
  const candidates = lines
    .filter((l) => !used.has(l) && printed.get(l.text.trim()) === 1 && l.index < dob.index && l.bottom <= dob.cy && l.textHeight >= MIN_UNLABELLED_HEIGHT * dob.textHeight
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

/**
 * Both names' designator opening a line: `1,2` (family first) or `2,1`, or what a blurred or small
 * capture leaves of it (`12 IVANOVA, TOMAS`, `1IVANOVA, TOMAS`: the comma and the second digit
 * lost). Looked for on the given names' line only.
 */
const NAMES_DESIGNATOR = /^\s*[12](?:\s*[,.]?\s*[12])?\s*/u;

/**
 * The family name where only the given names were placed, most often by the machine-readable
 * part's value (guided.ts), which a family name printed otherwise than that part holds lacks,
 * when the two share a line: before the given names and a comma (`1,2 SMITH, PETER`, its
 * designator lost or garbled) or after them (`2,1 Peter Smith`). It must be read surely.
 */
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

/** Whether two readings share characters of one line. */
export function sameSpan(a: Reading | undefined, b: Reading | undefined): boolean {
  return a !== undefined && b !== undefined && a.line === b.line && a.start < b.end && b.start < a.end;
}

/** A name's line without the field number printed before it (`1 SMITH`, `2 D'ANGELO`), blanked to keep positions. */
export const withoutNameDesignator = (text: string): string => text.replace(/^\s*[12]\.?\s*(?=\p{L}[\p{L}'’])/u, (s) => ' '.repeat(s.length));

/**
 * The family name where the given names were placed (most often by the machine-readable part's
 * value, which a family name printed otherwise than that part holds lacks) and it was not: the
 * name line stacked right against the given names in their column, printed as high and in their
 * case, and read surely. Above them is the order of ICAO 9303 and of the AAMVA design (1 over 2);
 * `below`: also under them, where a licence prints the given names first. A line that qualifies
 * on both sides leaves the family name out. `barred`: lines that hold no name (captions, the
 * header, lines other fields' values were read from); the lines of `readings` are barred too.
 */
export function familyNextToGiven(lines: readonly FrontLine[], readings: ReadonlyMap<DocumentField, Reading>,
  barred: (line: FrontLine) => boolean, below: boolean): Reading | undefined {
  const given = readings.get('privateName');
  if (given === undefined || readings.has('familyName')) return undefined;
  const read = new Set([...readings.values()].map((r) => r.line));
  // In the given names' case as printed: the machine's value, found there, is given in capitals.
  const printed = given.line.text.slice(given.start, given.end);
  const capitals = printed === printed.toUpperCase();
  const name = (line: FrontLine): Reading | undefined => !read.has(line) && !barred(line) && line.textHeight >= MIN_UNLABELLED_HEIGHT * given.line.textHeight
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

/** A field number alone in its box: printed smaller than the value, the detector often boxes it apart. */
const DESIGNATOR_BOX = /^\s*([12])\.?\s*$/;

/**
 * The field number of a name line boxed apart from it: a lone `1` or `2` on the line's row, ending
 * less than a line's height before the name begins.
 */
function designatorBeside(lines: readonly FrontLine[], line: FrontLine): string | undefined {
  if (!/^\s*\p{L}/u.test(line.text)) return undefined;
  const beside = lines.filter((l) => l !== line && DESIGNATOR_BOX.test(l.text) && Math.abs(l.cy - line.cy) < line.height / 2
    && l.right <= line.left + line.height / 4 && line.left - l.right < line.height);
  return beside.length === 1 ? DESIGNATOR_BOX.exec(beside[0]!.text)![1] : undefined;
}

/**
 * The names announced by their own field numbers, each on its line (or boxed apart just before it): `1 FAMILY` and `2 GIVEN`, as
 * the AAMVA design and the EU licence number them, wherever the card prints them (above the
 * address, under the photo, given names first). The given names keep a comma and what follows it
 * (`2 CONNOR M, JR`). A number that opens more than one name line announces neither; each name is
 * kept only where it was read surely. `barred`: lines that hold no name (the address, the header,
 * the names' captions).
 */
export function readDesignatedNames(lines: readonly FrontLine[], barred: (line: FrontLine) => boolean): Map<DocumentField, Reading> {
  const designator = (line: FrontLine): string | undefined => DESIGNATED.exec(line.text)?.[1] ?? designatorBeside(lines, line);
  const named = (digit: string, parse: ValueParser): Reading | undefined => {
    const found = lines.filter((l) => !barred(l) && designator(l) === digit)
      .map((l) => wholeName(l, withoutNameDesignator(l.text), false, parse));
    return found.length === 1 ? found[0] : undefined;
  };
  return keptNames(named('1', personName), named('2', givenNames));
}
