/**
 * The front's document number where neither a caption nor the machine's value led to it: a forger
 * keeps an edited number's form. The one line of the machine number's form (or, with no machine
 * part, of BARE_NUMBER_FORM), printed as large as the values, is the number, reported as read.
 */
import type { DocumentField } from '../../common/document.js';
import { lettersAndDigits } from '../../common/letters-and-digits.js';
import { wholeLineDate } from './date-order.js';
import { findReadDate, type NumericOrder } from './dates.js';
import type { Reading } from './labels.js';
import { spanConfidence, type FrontLine } from './layout.js';
import { FRONT_TUNING } from './tunables.js';

export type NumberForm = (text: string) => boolean;

/** The machine number's form: its length in capitals and digits, a digit at least, groups parted by spaces or dashes. */
export function machineNumberForm(machineId: string | undefined): NumberForm | undefined {
  if (machineId === undefined) return undefined;
  const length = lettersAndDigits(machineId).length;
  if (length < FRONT_TUNING.shapedNumberMinLength) return undefined;
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

/**
 * Where the number stands in a line: the whole line, or (of `glued` form) its last word(s) after a
 * garbled caption or a space. `separated`: with no machine's length to say where the caption ends,
 * only a caption's remnant that ends in a space or its punctuation (`4UC# SAM-67-1234`, `4d.000000-000`).
 */
function numberSpan(text: string, form: NumberForm, glued: NumberForm | undefined, separated: boolean): { start: number; end: number } | undefined {
  const start = text.length - text.trimStart().length;
  const end = text.trimEnd().length;
  if (form(text.slice(start, end))) return { start, end };
  if (glued === undefined) return undefined;
  for (let at = start + 1; at < end; at += 1) {
    const caption = GLUED_CAPTION.test(text.slice(start, at).replace(/\s/g, ''));
    const after = separated ? caption && /[\s.:#]/.test(text[at - 1]!) : text[at - 1] === ' ' || caption;
    if (after && /[A-Z\d]/.test(text[at]!) && glued(text.slice(at, end))) return { start: at, end };
  }
  return undefined;
}

/**
 * The number among the values of its form: the one value, or (`headed`: the AAMVA card, which sets
 * its number, 4d, at the head of the data column, the 5 DD discriminator and inventory numbers
 * below) of several, the one printed a row above all others.
 */
function chosenValue<S extends { line: FrontLine }>(shaped: readonly S[], valueOf: (s: S) => string, headed: boolean): string | undefined {
  const values = new Set(shaped.map(valueOf));
  if (values.size <= 1 || !headed) return values.size === 1 ? valueOf(shaped[0]!) : undefined;
  const top = shaped.reduce((a, b) => (b.line.top < a.line.top ? b : a));
  const value = valueOf(top);
  return shaped.every((s) => valueOf(s) === value || s.line.cy - top.line.cy >= top.line.height) ? value : undefined;
}

/** What a field number and its garbled caption leave glued before a number (`4DUN4054431`): without the machine's length, its value is not known. */
const CAPTION_HEAD = /^\d{1,2}\p{L}{2,}\d/u;

export function readShapedNumber(lines: readonly FrontLine[], readings: ReadonlyMap<DocumentField, Reading>,
  used: ReadonlySet<FrontLine>, form: NumberForm | undefined, order: NumericOrder, glued?: NumberForm, headed = false): Reading | undefined {
  const values = [...readings.values()].map((r) => r.line);
  if (readings.has('id') || form === undefined || values.length === 0) return undefined;
  const heights = values.map((l) => l.textHeight).sort((a, b) => a - b);
  const minHeight = FRONT_TUNING.minUnlabelledHeight * heights[Math.floor(heights.length / 2)]!;
  // A line another field was read from may hold the number beside that value, never in it.
  const clearOfValues = (line: FrontLine, start: number, end: number): boolean =>
    ![...readings.values()].some((r) => r.line === line && r.start < end && start < r.end);
  const shaped = lines.filter((l) => (!used.has(l) || values.includes(l)) && l.textHeight >= minHeight && wholeLineDate(l, order) === undefined)
    .flatMap((line) => {
      const span = numberSpan(line.text, form, glued ?? form, glued === undefined);
      // After a caption, a date (`EXP 05-01-2022`) has a number's form.
      return span === undefined || !clearOfValues(line, span.start, span.end)
        || findReadDate(line.text.slice(span.start, span.end), order, 'any') !== undefined ? [] : [{ line, ...span }];
    });
  // A discriminator may pass the loose form; only the number keeps the machine's letters and digits.
  const exact = shaped.length > 1 && glued !== undefined ? shaped.filter((s) => glued(s.line.text.slice(s.start, s.end))) : shaped;
  // Cards print the number twice: one value read in both places is taken where read more surely.
  const valueOf = (s: { line: FrontLine; start: number; end: number }): string => withoutSeparators(s.line.text.slice(s.start, s.end));
  const printed = chosenValue(exact, valueOf, headed);
  if (printed === undefined || (glued === undefined && CAPTION_HEAD.test(printed))) return undefined;
  const { line, start, end } = exact.filter((s) => valueOf(s) === printed)
    .reduce((a, b) => (spanConfidence(b.line, b.start, b.end) > spanConfidence(a.line, a.start, a.end) ? b : a));
  // Groups single-spaced as printed: the comparison with the machine's number ignores spacing.
  return { value: line.text.slice(start, end).replace(/\s+/g, ' '), start, end, line, confidence: spanConfidence(line, start, end) };
}
