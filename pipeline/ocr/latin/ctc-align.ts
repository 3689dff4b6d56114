/**
 * How well a given text explains a line's recogniser output: the most probable CTC path that
 * spells exactly that text (Viterbi over the text's characters with blanks between them),
 * against the most probable path of all, which greedy decoding (../ctc-decode.ts) follows.
 *
 * The gap between the two, in nats, is how much less likely the text is than what was read. A
 * text that differs from the reading only where the recogniser wavered (a short LI at 0.41 read
 * as U) lies a nat or two behind; a different word printed lies tens of nats behind, as every
 * frame of its letters votes against it.
 */
import { letterProbability, type DecodedLine } from '../ctc-decode.js';
import type { LineProbabilities } from '../recognizer.js';

export interface AlignedLine extends DecodedLine {
  /** Log probability of the best path spelling `text`. */
  logProbability: number;
}

/** Probabilities below this count as this: a frame that never saw a letter must not sink a path to −∞. */
const FLOOR = 1e-9;

/**
 * Where the best path spelling a text goes: per character of the text, the classes it may be
 * read as (the first is the character as written). A character is then spelt as the one of them
 * that its frames favour.
 */
export type Spelling = readonly (readonly number[])[];

/**
 * The best path spelling `text` through `line`'s frames, with each character's probability (the
 * highest of its frames, the letter in either case, as ctcGreedy reports it) and its span; undefined
 * where `text` has a character the charset lacks or more characters than the line has frames.
 */
export function alignText(line: LineProbabilities, text: string): AlignedLine | undefined {
  const spelling: number[][] = [];
  for (const char of text) {
    const k = line.charset.classOf(char);
    if (k === undefined) return undefined;
    spelling.push([k]);
  }
  return alignSpelling(line, spelling);
}

/** The best path through `line`'s frames that reads one class of each of `spelling`'s characters in turn. */
export function alignSpelling(line: LineProbabilities, spelling: Spelling): AlignedLine | undefined {
  const { steps, charset } = line;
  const labels = spelling.map((classes) => classes[0]!);
  // A doubled letter needs a blank between its two runs.
  const needed = labels.length + labels.filter((k, i) => i > 0 && labels[i - 1] === k).length;
  if (labels.length === 0 || needed > steps) return undefined;
  const p = (t: number, k: number) => letterProbability(line, t, k);
  // A character's probability in a frame: that of its likeliest class there.
  const emit = (t: number, s: number) => (s % 2 === 0 ? p(t, 0) : spelling[(s - 1) / 2]!.reduce((top, k) => Math.max(top, p(t, k)), 0));
  // States: 2i is the blank before character i, 2i + 1 character i; 2n the closing blank.
  const states = 2 * labels.length + 1;
  const label = (s: number) => (s % 2 === 0 ? 0 : labels[(s - 1) / 2]!);
  let score = new Float64Array(states).fill(-Infinity);
  const from = new Int32Array(steps * states).fill(-1);
  score[0] = Math.log(Math.max(FLOOR, emit(0, 0)));
  score[1] = Math.log(Math.max(FLOOR, emit(0, 1)));
  for (let t = 1; t < steps; t += 1) {
    const next = new Float64Array(states).fill(-Infinity);
    for (let s = 0; s < states; s += 1) {
      // Stay, step from the state before, or skip a blank between two different characters.
      let prev = s;
      if (s >= 1 && score[s - 1]! > score[prev]!) prev = s - 1;
      if (s >= 2 && s % 2 === 1 && label(s - 2) !== label(s) && score[s - 2]! > score[prev]!) prev = s - 2;
      if (score[prev] === -Infinity) continue;
      next[s] = score[prev]! + Math.log(Math.max(FLOOR, emit(t, s)));
      from[t * states + s] = prev;
    }
    score = next;
  }
  let s = score[states - 1]! >= score[states - 2]! ? states - 1 : states - 2;
  const total = score[s]!;
  if (total === -Infinity) return undefined;
  // Walk back, noting each character's frames.
  const spans: [number, number][] = labels.map(() => [steps, -1]);
  for (let t = steps - 1; t >= 0; t -= 1) {
    if (s % 2 === 1) {
      const i = (s - 1) / 2;
      spans[i] = [t, Math.max(spans[i]![1], t)];
    }
    if (t > 0) s = from[t * states + s]!;
  }
  // Each character as the class most probable over its frames, and that class's best frame.
  const over = (i: number, k: number, join: (a: number, b: number) => number): number => {
    let acc = 0;
    for (let t = spans[i]![0]; t <= spans[i]![1]; t += 1) acc = join(acc, p(t, k));
    return acc;
  };
  const sum = (a: number, b: number) => a + b;
  const kept = spelling.map((classes, i) => classes.reduce((best, k) => (over(i, k, sum) > over(i, best, sum) ? k : best)));
  const chars = kept.map((k, i) => over(i, k, Math.max));
  const text = kept.map((k) => charset.chars[k]!).join('');
  const confidence = chars.reduce((sum, c) => sum + c, 0) / chars.length;
  return { text, confidence, chars, spans, logProbability: total };
}

/** Log probability of the best path of all, among the `allowed` classes and the blank (all classes without). */
export function bestPathLogProbability(line: LineProbabilities, allowed?: Uint8Array): number {
  let total = 0;
  for (let t = 0; t < line.steps; t += 1) {
    let top = line.probs[t * line.classes]!;
    for (let k = 1; k < line.classes; k += 1) if (allowed === undefined || allowed[k] === 1) top = Math.max(top, letterProbability(line, t, k));
    total += Math.log(Math.max(FLOOR, top));
  }
  return total;
}
