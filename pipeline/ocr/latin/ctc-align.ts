/** How well a text explains a line's frames: its best CTC path against the greedy one (a waver costs a nat or two). */
import { letterProbability, type DecodedLine } from '../ctc-decode.js';
import type { LineProbabilities } from '../recognizer.js';

export interface AlignedLine extends DecodedLine {
  /** Log probability of the best path spelling `text`. */
  logProbability: number;
}

/** Probabilities below this count as this: a frame that never saw a letter must not sink a path to −∞. */
const FLOOR = 1e-9;
export const FLOOR_NATS = -Math.log(FLOOR);

/** Per character of a text, the classes it may be read as (the first as written); the frames pick among them. */
export type Spelling = readonly (readonly number[])[];

/** The best path spelling `text` through `line`'s frames; undefined where the charset lacks a character or frames are too few. */
export function alignText(line: LineProbabilities, text: string): AlignedLine | undefined {
  const spelling: number[][] = [];
  for (const char of text) {
    const k = line.charset.classOf(char);
    if (k === undefined) return undefined;
    spelling.push([k]);
  }
  return alignSpelling(line, spelling);
}

export function stepsNeeded(spelling: Spelling, optional: ReadonlySet<number> = new Set()): number {
  const required = spelling.filter((_, i) => !optional.has(i));
  return required.length + required.filter((classes, i) => i > 0 && classes.some((k) => required[i - 1]!.includes(k))).length;
}

/** The best path reading one class of each character in turn; those at `optional` may be skipped, never two adjacent. */
export function alignSpelling(line: LineProbabilities, spelling: Spelling, optional: ReadonlySet<number> = new Set()): AlignedLine | undefined {
  const { steps, charset } = line;
  const n = spelling.length;
  const sharesClass = (i: number, j: number) => spelling[i]!.some((k) => spelling[j]!.includes(k));
  if (spelling.every((_, i) => optional.has(i)) || stepsNeeded(spelling, optional) > steps) return undefined;
  const p = (t: number, k: number) => letterProbability(line, t, k);
  // States: 2i is the blank before character i, 2i + 1 character i; 2n the closing blank.
  const states = 2 * n + 1;
  // Per frame: the blank (column 0) and each character's likeliest class (column i + 1).
  const logs = new Float64Array(steps * (n + 1));
  for (let t = 0; t < steps; t += 1) {
    logs[t * (n + 1)] = Math.log(Math.max(FLOOR, p(t, 0)));
    for (let i = 0; i < n; i += 1) logs[t * (n + 1) + i + 1] = Math.log(Math.max(FLOOR, spelling[i]!.reduce((top, k) => Math.max(top, p(t, k)), 0)));
  }
  const emit = (t: number, s: number) => logs[t * (n + 1) + (s % 2 === 0 ? 0 : (s - 1) / 2 + 1)]!;
    // Predecessors of s: the state before; the character before unless they share a class; past an optional character.
  const sources: number[][] = Array.from({ length: states }, (_, s) => {
    const out = s >= 1 ? [s - 1] : [];
    const i = (s - 1) / 2;
    if (s % 2 === 1 && i >= 1 && !sharesClass(i - 1, i)) out.push(s - 2);
    const skipped = s % 2 === 1 ? i - 1 : s / 2 - 1;
    if (skipped >= 0 && optional.has(skipped)) {
      out.push(2 * skipped);
      if (skipped >= 1 && (s % 2 === 0 || !sharesClass(skipped - 1, i))) out.push(2 * skipped - 1);
    }
    return out;
  });
  // Two rows swapped frame by frame: a row per frame kept the collector busy.
  let score = new Float64Array(states).fill(-Infinity);
  let next = new Float64Array(states);
  const from = new Int32Array(steps * states).fill(-1);
  for (const s of optional.has(0) ? [0, 1, 2, 3] : [0, 1]) if (s < states) score[s] = emit(0, s);
  for (let t = 1; t < steps; t += 1) {
    next.fill(-Infinity);
    for (let s = 0; s < states; s += 1) {
      let prev = s;
      for (const q of sources[s]!) if (score[q]! > score[prev]!) prev = q;
      if (score[prev] === -Infinity) continue;
      next[s] = score[prev]! + emit(t, s);
      from[t * states + s] = prev;
    }
    [score, next] = [next, score];
  }
  const ends = optional.has(n - 1) ? [states - 1, states - 2, states - 3, states - 4] : [states - 1, states - 2];
  let s = ends.filter((e) => e >= 0).reduce((best, e) => (score[e]! > score[best]! ? e : best));
  const total = score[s]!;
  if (total === -Infinity) return undefined;
  const spans: [number, number][] = spelling.map(() => [steps, -1]);
  for (let t = steps - 1; t >= 0; t -= 1) {
    if (s % 2 === 1) {
      const i = (s - 1) / 2;
      spans[i] = [t, Math.max(spans[i]![1], t)];
    }
    if (t > 0) s = from[t * states + s]!;
  }
  const read = spelling.flatMap((_, i) => (spans[i]![1] >= 0 ? [i] : []));
  const over = (i: number, k: number, join: (a: number, b: number) => number): number => {
    let acc = 0;
    for (let t = spans[i]![0]; t <= spans[i]![1]; t += 1) acc = join(acc, p(t, k));
    return acc;
  };
  const sum = (a: number, b: number) => a + b;
  const kept = read.map((i) => spelling[i]!.reduce((best, k) => (over(i, k, sum) > over(i, best, sum) ? k : best)));
  const chars = kept.map((k, j) => over(read[j]!, k, Math.max));
  const text = kept.map((k) => charset.chars[k]!).join('');
  const confidence = chars.reduce((acc, c) => acc + c, 0) / chars.length;
  return { text, confidence, chars, spans: read.map((i) => spans[i]!), logProbability: total };
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
