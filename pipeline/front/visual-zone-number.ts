/**
 * A visual zone's number where its caption was not read: the one line between the names and the
 * date of birth that is a number alone, as large as the date and read surely; two leave both out.
 */
import type { DocumentField } from '../../common/document.js';
import type { NumericOrder } from './dates.js';
import { wholeLineDate } from './date-order.js';
import type { Reading } from './labels.js';
import { spanConfidence, type FrontLine } from './layout.js';
import { FRONT_TUNING } from './tunables.js';
import { documentNumber } from './values.js';
import { countryOf } from '../mrz/countries.js';

export function readVisualZoneNumber(lines: readonly FrontLine[], readings: ReadonlyMap<DocumentField, Reading>,
  used: ReadonlySet<FrontLine>, order: NumericOrder): Reading | undefined {
  const dob = readings.get('dob')?.line;
  if (readings.has('id') || dob === undefined) return undefined;
  const names = ['familyName', 'privateName'].map((f) => readings.get(f as DocumentField)?.line.bottom).filter((b): b is number => b !== undefined);
  const below = names.length === 0 ? -Infinity : Math.max(...names);
  // Box heights, not text heights (layout.ts): a number is a long line, its box grown as the date's,
  // and a garbled caption's short box (`Dedl30`) grows less and stays under the bar.
  const numbers = lines.filter((l) => !used.has(l) && l.index < dob.index && l.bottom <= dob.cy && l.top >= below
    && l.height >= FRONT_TUNING.minUnlabelledHeight * dob.height && Math.abs(l.left - dob.left) < FRONT_TUNING.columnSlack * dob.height
    && wholeLineDate(l, order) === undefined)
    .map((line) => {
      const found = documentNumber(line.text);
      const whole = found !== undefined && found.start <= line.text.length - line.text.trimStart().length && found.end === line.text.trimEnd().length;
      return whole && found.value.length >= FRONT_TUNING.zoneNumberMinLength && found.value.replace(/\D/g, '').length >= FRONT_TUNING.zoneNumberMinDigits
        ? { ...found, line, confidence: spanConfidence(line, found.start, found.end) } : undefined;
    })
    .filter((r): r is Reading => r !== undefined);
  const [only] = numbers;
  return numbers.length === 1 && only!.confidence >= FRONT_TUNING.minUnlabelledConfidence ? only : undefined;
}

/**
 * The number where a data page or ID card prints it without a caption read: ICAO 9303 parts 4–5
 * put it in the header band, with the type and state codes, above the holder's data. The one line
 * above the names and the date of birth read that is a number alone, read surely; two leave both
 * out. A later date alone bounds no header: a personal number above it is no document number.
 */
export function readHeaderNumber(lines: readonly FrontLine[], readings: ReadonlyMap<DocumentField, Reading>,
  used: ReadonlySet<FrontLine>): Reading | undefined {
  const data = (['familyName', 'privateName', 'dob'] as const).map((f) => readings.get(f)?.line)
    .filter((l): l is FrontLine => l !== undefined);
  if (data.length === 0) return undefined;
  const top = Math.min(...data.map((l) => l.top));
  const numbers = lines.filter((l) => !used.has(l) && l.bottom <= top).map(wholeNumber).filter((r): r is Reading => r !== undefined);
  const [only] = numbers;
  return numbers.length === 1 && only!.confidence >= FRONT_TUNING.minUnlabelledConfidence ? only : undefined;
}

/** A line that is a number and nothing else, of an ICAO number's length, a digit in it. */
function wholeNumber(line: FrontLine): Reading | undefined {
  const number = documentNumber(line.text);
  if (number === undefined || number.value.length < FRONT_TUNING.zoneNumberMinLength || !/\d/.test(number.value)) return undefined;
  if (line.text.slice(0, number.start).trim() !== '' || line.text.slice(number.end).trim() !== '') return undefined;
  return { ...number, line, confidence: spanConfidence(line, number.start, number.end) };
}

/** A document type code as the data page prints it (ICAO 9303 part 4: P, PO, PC, ID, I …), alone or ending its box. */
const TYPE_CODE = /(?:^|\s)[PIACV][A-Z]?$/;

/**
 * The number in its place on a passport page: ICAO 9303 part 4 prints type, state code and number
 * in one row (fields 01–03), under captions a capture often loses.
 */
export function readNumberBesideCodes(lines: readonly FrontLine[], used: ReadonlySet<FrontLine>): Reading | undefined {
  const found = new Map<FrontLine, Reading>();
  for (const { code, row } of codeRows(lines)) {
    for (const line of row) {
      if (found.has(line) || used.has(line) || line.left < code.right || wholeLineDate(line, 'DMY') !== undefined) continue;
      const number = wholeNumber(line);
      if (number !== undefined) found.set(line, number);
    }
  }
  const [only] = found.values();
  return found.size === 1 && only!.confidence >= FRONT_TUNING.minUnlabelledConfidence ? only : undefined;
}

const sameRow = (a: FrontLine, b: FrontLine): boolean => Math.abs(a.cy - b.cy) < Math.min(a.height, b.height) / 2;

function codeRows(lines: readonly FrontLine[]): { code: FrontLine; row: FrontLine[] }[] {
  const out: { code: FrontLine; row: FrontLine[] }[] = [];
  for (const code of lines) {
    const text = code.text.trim();
    if (!/^[A-Z]{1,3}$/.test(text) || countryOf(text) === undefined) continue;
    const row = lines.filter((l) => l !== code && sameRow(l, code));
    if (row.some((l) => l.right <= code.left && TYPE_CODE.test(l.text.trim()))) out.push({ code, row });
  }
  return out;
}

export function codesRowLines(lines: readonly FrontLine[]): FrontLine[] {
  return codeRows(lines).flatMap(({ code, row }) => [code, ...row]);
}
