/**
 * The front's document number where neither a caption nor the machine's value led to it: a forger
 * keeps an edited number's form. The one line of the machine number's form (or, with no machine
 * part, of BARE_NUMBER_FORM), printed as large as the values, is the number, reported as read.
 */
import type { DocumentField } from '../../common/document.js';
import { lettersAndDigits } from '../../common/letters-and-digits.js';
import { wholeLineDate } from './date-order.js';
import type { NumericOrder } from './dates.js';
import type { Reading } from './labels.js';
import { spanConfidence, type FrontLine } from './layout.js';
import { MIN_UNLABELLED_HEIGHT } from './unlabelled-names.js';

/** Shorter numbers take the shape of too many other things on a page (codes, heights, weights). */
const MIN_LENGTH = 6;

export type NumberForm = (text: string) => boolean;

/** The machine number's form: its length in capitals and digits, a digit at least, groups parted by spaces or dashes. */
export function machineNumberForm(machineId: string | undefined): NumberForm | undefined {
  if (machineId === undefined) return undefined;
  const length = lettersAndDigits(machineId).length;
  if (length < MIN_LENGTH) return undefined;
  return (text) => {
    const compact = withoutSeparators(text);
    return GROUPS.test(text.replace(/\s/g, '')) && compact.length === length && /\d/.test(compact);
  };
}

const GROUPS = /^[A-Z\d]+(?:-[A-Z\d]+)*$/;
const withoutSeparators = (text: string): string => text.replace(/[\s-]/g, '');

/** The machine's number letter for letter and digit for digit: the form of a number glued after a garbled caption. */
export function machineNumberPattern(machineId: string | undefined): NumberForm | undefined {
  const form = machineNumberForm(machineId);
  if (form === undefined || machineId === undefined) return undefined;
  const pattern = classes(lettersAndDigits(machineId));
  return (text) => form(text) && classes(withoutSeparators(text)) === pattern;
}

const classes = (text: string): string => text.replace(/\d/g, '9').replace(/\p{L}/gu, 'A');

/** A number's form where no machine's number tells it: 7 to 20 capitals and digits, dashes between, half of them digits. */
export const BARE_NUMBER_FORM: NumberForm = (text) => {
  const compact = withoutSeparators(text);
  const digits = compact.replace(/\D/g, '').length;
  return GROUPS.test(text.replace(/\s/g, '')) && compact.length >= 7 && compact.length <= 20 && 2 * digits >= compact.length;
};

/** A garbled caption glued before its value (`4DUN4054431`): only before a number of the machine's pattern, whose length says where it ends. */
const GLUED_CAPTION = /^\d{0,2}\p{L}{1,6}[.:#]?$/u;

/** Where the number stands in a line: the whole line, or (of `glued` form) its last word(s) after a garbled caption or a space. */
function numberSpan(text: string, form: NumberForm, glued: NumberForm | undefined): { start: number; end: number } | undefined {
  const start = text.length - text.trimStart().length;
  const end = text.trimEnd().length;
  if (form(text.slice(start, end))) return { start, end };
  if (glued === undefined) return undefined;
  for (let at = start + 1; at < end; at += 1) {
    const after = text[at - 1] === ' ' || GLUED_CAPTION.test(text.slice(start, at).replace(/\s/g, ''));
    if (after && /[A-Z\d]/.test(text[at]!) && glued(text.slice(at, end))) return { start: at, end };
  }
  return undefined;
}

export function readShapedNumber(lines: readonly FrontLine[], readings: ReadonlyMap<DocumentField, Reading>,
  used: ReadonlySet<FrontLine>, form: NumberForm | undefined, order: NumericOrder, glued?: NumberForm): Reading | undefined {
  const values = [...readings.values()].map((r) => r.line);
  if (readings.has('id') || form === undefined || values.length === 0) return undefined;
  const heights = values.map((l) => l.textHeight).sort((a, b) => a - b);
  const minHeight = MIN_UNLABELLED_HEIGHT * heights[Math.floor(heights.length / 2)]!;
  // A line another field was read from may hold the number beside that value, never in it.
  const clearOfValues = (line: FrontLine, start: number, end: number): boolean =>
    ![...readings.values()].some((r) => r.line === line && r.start < end && start < r.end);
  const shaped = lines.filter((l) => (!used.has(l) || values.includes(l)) && l.textHeight >= minHeight && wholeLineDate(l, order) === undefined)
    .flatMap((line) => {
      const span = numberSpan(line.text, form, glued);
      return span === undefined || !clearOfValues(line, span.start, span.end) ? [] : [{ line, ...span }];
    });
  // A discriminator may pass the loose form; only the number keeps the machine's letters and digits.
  const exact = shaped.length > 1 && glued !== undefined ? shaped.filter((s) => glued(s.line.text.slice(s.start, s.end))) : shaped;
  // Cards print the number twice: one value read in both places is taken where read more surely.
  const printedValues = new Set(exact.map((s) => withoutSeparators(s.line.text.slice(s.start, s.end))));
  if (printedValues.size !== 1) return undefined;
  const { line, start, end } = exact.reduce((a, b) => (spanConfidence(b.line, b.start, b.end) > spanConfidence(a.line, a.start, a.end) ? b : a));
  // Groups single-spaced as printed: the comparison with the machine's number ignores spacing.
  return { value: line.text.slice(start, end).replace(/\s+/g, ' '), start, end, line, confidence: spanConfidence(line, start, end) };
}
