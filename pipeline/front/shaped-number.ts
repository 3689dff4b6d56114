/**
 * The front's document number where neither a caption nor the machine's value led to it. A forger
 * who edits a printed number keeps its form, and a number whose caption the capture lost is then
 * found nowhere: no disagreement, no evidence. The machine's number tells the form to look for:
 * the one line that is a number of its length (capitals and digits, a digit at least, no date),
 * printed as large as the front's values, is the front's number, reported as read (after a caption
 * glued to it and garbled past reading, where it is the machine's form). A genuine number
 * that the guided search missed for misread characters still agrees with the machine's mostly.
 * Of two such lines, one of the machine's letters and digits place by place is the number (the
 * other a discriminator); two of that pattern too (a card and a personal number) leave both out.
 *
 * Without a machine-readable part (a licence front read alone; passport.ts places a visual zone's
 * number where a visual zone prints it), many cards print their number bare under the title
 * (`S514-172-80-844-0`): the one line of a number's form (BARE_NUMBER_FORM; a discriminator is
 * mostly letters, and printed smaller) is the number, its dashes and spaces kept as printed.
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

/** Whether a line's text (trimmed) has the form of the number looked for. */
export type NumberForm = (text: string) => boolean;

/**
 * The form of the machine's number: capitals and digits of its length, a digit at least, in groups
 * the card may part by spaces or dashes (`S514-172-80-844-0`) where the machine holds none; none
 * without a machine's number.
 */
export function machineNumberForm(machineId: string | undefined): NumberForm | undefined {
  if (machineId === undefined) return undefined;
  const length = lettersAndDigits(machineId).length;
  if (length < MIN_LENGTH) return undefined;
  return (text) => {
    const compact = withoutSeparators(text);
    return GROUPS.test(text.replace(/\s/g, '')) && compact.length === length && /\d/.test(compact);
  };
}

/** Capitals and digits, dashes only between them. */
const GROUPS = /^[A-Z\d]+(?:-[A-Z\d]+)*$/;
const withoutSeparators = (text: string): string => text.replace(/[\s-]/g, '');

/**
 * The machine's number letter for letter and digit for digit (`D2980873`: a letter, then seven
 * digits): the form a number glued after a garbled caption must have, where the caption's end is
 * only a guess and the end of a longer code (`GTAATM│PHNAA2K`) may pass the looser form.
 */
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

/**
 * A caption garbled past reading, glued before its value (`4DUN4054431` for `4dDLN4054431`): a
 * field number, perhaps, and a few letters. Only before a number of the machine's pattern
 * (machineNumberPattern), whose length says where the caption ends.
 */
const GLUED_CAPTION = /^\d{0,2}\p{L}{1,6}[.:#]?$/u;

/**
 * Where the number of `form` stands in a line: the whole line, or one of `glued` form that ends
 * the line after a garbled caption glued to it or after a space. The detector cuts a caption and
 * its value into two boxes where the print leaves a gap, and layout.ts joins the two again as one
 * line: whatever the caption then reads, the number is the line's last word or words.
 */
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
  // A line another field was read from may hold the number beside that value (a date and the
  // number, two boxes of one row joined), never in it; a caption's claimed line holds none.
  const clearOfValues = (line: FrontLine, start: number, end: number): boolean =>
    ![...readings.values()].some((r) => r.line === line && r.start < end && start < r.end);
  const shaped = lines.filter((l) => (!used.has(l) || values.includes(l)) && l.textHeight >= minHeight && wholeLineDate(l, order) === undefined)
    .flatMap((line) => {
      const span = numberSpan(line.text, form, glued);
      return span === undefined || !clearOfValues(line, span.start, span.end) ? [] : [{ line, ...span }];
    });
  // A discriminator or other code of the number's length may pass the loose form beside it; only
  // the number keeps the machine's letters and digits place by place.
  const exact = shaped.length > 1 && glued !== undefined ? shaped.filter((s) => glued(s.line.text.slice(s.start, s.end))) : shaped;
  // Cards print the number twice (a second, smaller print): one value read in both places is one
  // number, taken where it was read more surely; two values leave it out.
  const printedValues = new Set(exact.map((s) => withoutSeparators(s.line.text.slice(s.start, s.end))));
  if (printedValues.size !== 1) return undefined;
  const { line, start, end } = exact.reduce((a, b) => (spanConfidence(b.line, b.start, b.end) > spanConfidence(a.line, a.start, a.end) ? b : a));
  // As printed, its groups single-spaced (`240 517 936`): the comparison with the machine's number ignores spacing.
  return { value: line.text.slice(start, end).replace(/\s+/g, ' '), start, end, line, confidence: spanConfidence(line, start, end) };
}
