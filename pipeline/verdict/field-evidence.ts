/**
 * What the front's pixels say about a machine-readable value: the log-likelihood ratio, in nats, of
 * the front's own reading over the line with the machine's value put in, both scored by the best
 * CTC path on the recogniser's frames (ocr/latin/ctc-align.ts). A misread lies a nat or two
 * behind; a value the front does not print lies many.
 */
import type { Reading } from '../front/labels.js';
import type { Charset } from '../ocr/charset.js';
import { alignSpelling, alignText, FLOOR_NATS, stepsNeeded, type Spelling } from '../ocr/latin/ctc-align.js';
import type { LineProbabilities } from '../ocr/recognizer.js';
import type { FormChar, PrintedForm } from './printed-forms.js';
import type { LinePart } from '../front/layout.js';

/**
 * The margin of the front's reading over the best of `alternatives`; undefined where the frames are
 * not known or nothing can be spelled. Characters past the frames cost FLOOR_NATS each.
 */
export function valueMargin(reading: Reading, alternatives: readonly PrintedForm[]): number | undefined {
  const parts = (reading.line.parts ?? []).filter((p) => p.offset < reading.end && p.offset + p.text.length > reading.start);
  const [first] = parts;
  const last = parts[parts.length - 1];
  if (first === undefined || last === undefined || reading.start < first.offset || reading.end > last.offset + last.text.length) return undefined;
  // Each part is weighed on its own frames; its own reading's path is the same for every alternative.
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

function partMargin(part: LinePart, own: number, before: string, form: readonly FormChar[], after: string): number | undefined {
  const spelled = spellingOf(part.frames, before, form, after);
  if (spelled === undefined) return undefined;
  const aligned = alignSpelling(part.frames, spelled.spelling, spelled.optional);
  const short = stepsNeeded(spelled.spelling, spelled.optional) - part.frames.steps;
  return aligned !== undefined ? own - aligned.logProbability : short > 0 ? short * FLOOR_NATS : undefined;
}

/** `form` cut where it may print a space: a value boxed in two (`20 FEB` │ `1978`) is weighed on each box's frames. */
function splitsOf(form: readonly FormChar[], count: number): FormChar[][][] {
  if (count === 1) return [[[...form]]];
  const out: FormChar[][][] = [];
  for (let at = 1; at < form.length - 1; at++) {
    if (!form[at]!.chars.includes(' ')) continue;
    for (const rest of splitsOf(form.slice(at + 1), count - 1)) out.push([form.slice(0, at), ...rest]);
  }
  return out;
}

/** The line's classes with `form` in place; a place the charset lacks is left out where optional, else unspellable. */
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
