/**
 * What the front's pixels say about a machine-readable value: how much better the recogniser's
 * frames of the field's line explain the front's own reading than the same line with the field
 * replaced by the machine-readable value, both scored on the same frames by the best CTC path
 * that spells each text (ocr/latin/ctc-align.ts).
 *
 * The margin is a log-likelihood ratio in nats. A value that differs from the reading only where
 * the recogniser wavered (a blurred 0 read O) lies a nat or two behind; a value the front does not
 * print lies many nats behind, since every frame of the changed characters votes against it. The
 * string similarity of the two texts plays no part: one character printed otherwise is as far as
 * its frames make it.
 *
 * A name's value comes as a spelling with a choice of characters in places (printed-forms.ts: Þ
 * or TH for an MRZ's TH, Ð or D for its D, É or E where the front's reading shows an É, a hyphen
 * or nothing between two parts): the best path then takes, in each place, the character its
 * frames favour, so the machine's name is weighed as the front would best print it. Every place
 * holds the machine's letter or a way of printing it; none holds a letter of the front's reading.
 */
import type { Reading } from '../front/labels.js';
import type { Charset } from '../ocr/charset.js';
import { alignSpelling, alignText, FLOOR_NATS, stepsNeeded, type Spelling } from '../ocr/latin/ctc-align.js';
import type { LineProbabilities } from '../ocr/recognizer.js';
import type { FormChar, PrintedForm } from './printed-forms.js';
import type { LinePart } from '../front/layout.js';

/**
 * The margin of the front's reading over the best of `alternatives` (forms for the reading's span
 * of its line, as the front would print the machine-readable value); undefined where the line's
 * frames are not known (an MRZ line the MRZ reader read) or no alternative can be spelled in the
 * recogniser's classes. A value spread over two recognised lines is weighed on both, the
 * alternative cut where it may print a space (splitsOf).
 *
 * An alternative longer than the line's frames can spell (a long name where the front prints a
 * short one) is no path at all: each character past the frames costs what a frame that never saw
 * it does (FLOOR_NATS), so that the margin stays a number that fails the check.
 */
export function valueMargin(reading: Reading, alternatives: readonly PrintedForm[]): number | undefined {
  const parts = (reading.line.parts ?? []).filter((p) => p.offset < reading.end && p.offset + p.text.length > reading.start);
  const [first] = parts;
  const last = parts[parts.length - 1];
  if (first === undefined || last === undefined || reading.start < first.offset || reading.end > last.offset + last.text.length) return undefined;
  // Each part is weighed on its own frames, with its text before and after the reading's span;
  // its own reading's path is the same for every alternative.
  const slots = parts.map((part, k) => ({
    part,
    own: alignText(part.frames, part.text)?.logProbability,
    before: k === 0 ? part.text.slice(0, reading.start - part.offset) : '',
    after: k === parts.length - 1 ? part.text.slice(reading.end - part.offset) : '',
  }));
  if (slots.some((slot) => slot.own === undefined)) return undefined;
  let best: number | undefined;
  for (const alternative of alternatives) {
    const form = typeof alternative === 'string' ? [...alternative].map((c) => ({ chars: [c] })) : alternative;
    for (const pieces of splitsOf(form, parts.length)) {
      const margins = slots.map((slot, k) => partMargin(slot.part, slot.own!, slot.before, pieces[k]!, slot.after));
      if (margins.some((m) => m === undefined)) continue;
      const margin = margins.reduce((sum: number, m) => sum + m!, 0);
      if (best === undefined || margin < best) best = margin;
    }
  }
  return best;
}

/** The margin of `own` (the reading's path on the part's frames) over `form` in that part, in nats; undefined where `form` cannot be spelled. */
function partMargin(part: LinePart, own: number, before: string, form: readonly FormChar[], after: string): number | undefined {
  const spelled = spellingOf(part.frames, before, form, after);
  if (spelled === undefined) return undefined;
  const aligned = alignSpelling(part.frames, spelled.spelling, spelled.optional);
  const short = stepsNeeded(spelled.spelling, spelled.optional) - part.frames.steps;
  return aligned !== undefined ? own - aligned.logProbability : short > 0 ? short * FLOOR_NATS : undefined;
}

/**
 * `form` cut into `count` pieces at places that may print a space, the space dropped: a value
 * whose words the detector boxed apart (`20 FEB` and `1978`) is weighed piece by piece, each on
 * its own box's frames. One piece is the form whole.
 */
function splitsOf(form: readonly FormChar[], count: number): FormChar[][][] {
  if (count === 1) return [[[...form]]];
  const out: FormChar[][][] = [];
  for (let at = 1; at < form.length - 1; at++) {
    if (!form[at]!.chars.includes(' ')) continue;
    for (const rest of splitsOf(form.slice(at + 1), count - 1)) out.push([form.slice(0, at), ...rest]);
  }
  return out;
}

/**
 * The classes of the line with `form` between `before` and `after`, and which of its places may
 * be left out. A place whose characters the charset lacks is left out where it is optional, and
 * makes the form unspellable where not.
 */
function spellingOf(frames: LineProbabilities, before: string, form: readonly FormChar[], after: string): { spelling: Spelling; optional: Set<number> } | undefined {
  const spelling: number[][] = [];
  const optional = new Set<number>();
  const fixed = (text: string): boolean => {
    for (const char of text) {
      const k = frames.charset.classOf(char);
      if (k === undefined) return false;
      spelling.push([k]);
    }
    return true;
  };
  if (!fixed(before)) return undefined;
  for (const place of form) {
    const classes = classesOf(frames.charset, place.chars);
    if (classes.length === 0) {
      if (place.optional === true) continue;
      return undefined;
    }
    if (place.optional === true) optional.add(spelling.length);
    spelling.push(classes);
  }
  if (!fixed(after)) return undefined;
  return { spelling, optional };
}

function classesOf(charset: Charset, chars: readonly string[]): number[] {
  const out: number[] = [];
  for (const char of chars) {
    const k = charset.classOf(char);
    if (k !== undefined && !out.includes(k)) out.push(k);
  }
  return out;
}
