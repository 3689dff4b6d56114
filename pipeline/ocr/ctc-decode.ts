/** Greedy CTC decoding; a letter's probability counts either case: case is the recogniser's weakest guess. */
import type { LineProbabilities } from './recognizer.js';

export interface DecodedLine {
  text: string;
  /** Mean character probability; 0 for an empty line. */
  confidence: number;
  chars: number[];
  /** First and last time step of each character's frames. */
  spans: [number, number][];
}

/** The probability of class `k` at step `t`: a letter's in either case, the blank's as it is. */
export function letterProbability(line: LineProbabilities, t: number, k: number): number {
  const twin = k === 0 ? -1 : line.charset.otherCase[k]!;
  const row = t * line.classes;
  return Math.min(1, line.probs[row + k]! + (twin < 0 ? 0 : line.probs[row + twin]!));
}

/** Decodes one line (class 0 the blank); with `allowed`, the best allowed class stands in, with its own probability. */
export function ctcGreedy(line: LineProbabilities, allowed?: Uint8Array): DecodedLine {
  const { probs, steps, classes } = line;
  const classChars = line.charset.chars;
  let text = '';
  const chars: number[] = [];
  const spans: [number, number][] = [];
  let previous = -1;
  for (let t = 0; t < steps; t += 1) {
    const base = t * classes;
    let best = 0;
    let bestP = probs[base]!;
    for (let k = 1; k < classes; k += 1) {
      const p = probs[base + k]!;
      if (p > bestP && (allowed === undefined || allowed[k] === 1)) { bestP = p; best = k; }
    }
    if (best !== 0 && best !== previous) {
      const ch = classChars[best];
      if (ch !== undefined && ch !== '') {
        text += ch;
        chars.push(letterProbability(line, t, best));
        spans.push([t, t]);
      }
    } else if (best !== 0 && spans.length > 0) {
      spans[spans.length - 1]![1] = t;
    }
    previous = best;
  }
  const confidence = chars.length === 0 ? 0 : chars.reduce((s, p) => s + p, 0) / chars.length;
  return { text, confidence, chars, spans };
}
