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

/**
 * The margin of the front's reading over the best of `alternatives` (forms for the reading's span
 * of its line, as the front would print the machine-readable value); undefined where the line's
 * frames are not known (an MRZ line the MRZ reader read, a value spread over two recognised
 * lines) or no alternative can be spelled in the recogniser's classes.
 *
 * An alternative longer than the line's frames can spell (a long name where the front prints a
 * short one) is no path at all: each character past the frames costs what a frame that never saw
 * it does (FLOOR_NATS), so that the margin stays a number that fails the check.
 */
export function valueMargin(reading: Reading, alternatives: readonly PrintedForm[]): number | undefined {
  const part = reading.line.parts?.find((p) => reading.start >= p.offset && reading.end <= p.offset + p.text.length);
  if (part === undefined) return undefined;
  const own = alignText(part.frames, part.text);
  if (own === undefined) return undefined;
  const before = part.text.slice(0, reading.start - part.offset);
  const after = part.text.slice(reading.end - part.offset);
  let best: number | undefined;
  for (const alternative of alternatives) {
    const form = typeof alternative === 'string' ? [...alternative].map((c) => ({ chars: [c] })) : alternative;
    const spelled = spellingOf(part.frames, before, form, after);
    if (spelled === undefined) continue;
    const aligned = alignSpelling(part.frames, spelled.spelling, spelled.optional);
    const short = stepsNeeded(spelled.spelling, spelled.optional) - part.frames.steps;
    const margin = aligned !== undefined ? own.logProbability - aligned.logProbability : short > 0 ? short * FLOOR_NATS : undefined;
    if (margin !== undefined && (best === undefined || margin < best)) best = margin;
  }
  return best;
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
