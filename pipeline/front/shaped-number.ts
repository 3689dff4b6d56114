/**
 * The front's document number where neither a caption nor the machine's value led to it. A forger
 * who edits a printed number keeps its form, and a number whose caption the capture lost is then
 * found nowhere: no disagreement, no evidence. The machine's number tells the form to look for:
 * the one line that is a number of its length (capitals and digits, a digit at least, no date),
 * alone or after a designator glued to it, printed as large as the front's values, is the front's
 * number, reported as read. A genuine number
 * that the guided search missed for misread characters still agrees with the machine's mostly;
 * two such lines (a card and a personal number of one length) leave both out.
 */
import type { DocumentField } from '../../common/document.js';
import { wholeLineDate } from './date-order.js';
import type { NumericOrder } from './dates.js';
import type { Reading } from './labels.js';
import { spanConfidence, type FrontLine } from './layout.js';
import { MIN_UNLABELLED_HEIGHT } from './unlabelled-names.js';

/** Shorter numbers take the shape of too many other things on a page (codes, heights, weights). */
const MIN_LENGTH = 6;
/** A designator and its caption glued before the number and read as one word (`40DUN`) are at most this long. */
const MAX_GLUED_DESIGNATOR = 6;

export function readShapedNumber(lines: readonly FrontLine[], readings: ReadonlyMap<DocumentField, Reading>,
  used: ReadonlySet<FrontLine>, machineId: string | undefined, order: NumericOrder): Reading | undefined {
  if (readings.has('id') || machineId === undefined) return undefined;
  const length = machineId.replace(/[^\p{L}\d]/gu, '').length;
  const values = [...readings.values()].map((r) => r.line);
  if (length < MIN_LENGTH || values.length === 0) return undefined;
  const heights = values.map((l) => l.textHeight).sort((a, b) => a - b);
  const minHeight = MIN_UNLABELLED_HEIGHT * heights[Math.floor(heights.length / 2)]!;
  const shaped = lines.filter((l) => !used.has(l) && !values.includes(l) && l.textHeight >= minHeight && wholeLineDate(l, order) === undefined)
    .flatMap((line) => {
      const number = numberEnding(line.text, length);
      return number === undefined ? [] : [{ line, ...number }];
    });
  if (shaped.length !== 1) return undefined;
  const { line, start, end } = shaped[0]!;
  return { value: line.text.slice(start, end).replace(/\s/g, ''), start, end, line, confidence: spanConfidence(line, start, end) };
}

/**
 * Where in `text` a number of `length` capitals and digits (a digit at least) ends it: the whole
 * line, or after a field designator glued before it and read garbled with its caption (`40DUN` for
 * `4d DLN`: a digit, then letters at the end, at most MAX_GLUED_DESIGNATOR characters).
 */
function numberEnding(text: string, length: number): { start: number; end: number } | undefined {
  const end = text.trimEnd().length;
  const lead = text.length - text.trimStart().length;
  const compact = text.replace(/\s/g, '');
  if (!/^[A-Z\d]+$/.test(compact)) return undefined;
  const glued = compact.length - length;
  // A designator's digit, then its caption's letters: digits alone may be a longer number's own.
  if (glued < 0 || glued > MAX_GLUED_DESIGNATOR || (glued > 0 && !/^\d[\dA-Z]*[A-Z]$/.test(compact.slice(0, glued)))) return undefined;
  // The number's first character in `text`: past `glued` characters that are not spaces.
  let start = lead;
  for (let skipped = 0; skipped < glued; start += 1) if (!/\s/.test(text[start]!)) skipped += 1;
  while (/\s/.test(text[start]!)) start += 1;
  return /\d/.test(text.slice(start, end)) ? { start, end } : undefined;
}
