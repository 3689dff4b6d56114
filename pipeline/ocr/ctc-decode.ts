/**
 * Greedy CTC decoding of one line: the most probable class at each time step, runs of the same
 * class collapsed, blanks (class 0) dropped. Each character keeps the probability of the step that
 * emitted it (the first of its run, as PaddleOCR's CTCLabelDecode), and the line's confidence is
 * their mean.
 *
 * A letter's probability is that of the letter in either case. The case of a short word is the
 * recogniser's weakest guess (a printed JO reads `jo` at 0.53 and 0.95: j or J), while the readers
 * compare letters case-blind and documents print their values in capitals; the letter it was
 * is what the probability should say.
 */
import type { LineProbabilities } from './recognizer.js';

export interface DecodedLine {
  text: string;
  /** Mean character probability, 0–1; 0 for an empty line. */
  confidence: number;
  /** Probability of each character of `text`, in order. */
  chars: number[];
  /** First and last time step of each character's run of frames (a step is 8 input columns). */
  spans: [number, number][];
}

/** The probability of class `k` at step `t`: a letter's in either case, the blank's as it is. */
export function letterProbability(line: LineProbabilities, t: number, k: number): number {
  const twin = k === 0 ? -1 : line.charset.otherCase[k]!;
  const row = t * line.classes;
  return Math.min(1, line.probs[row + k]! + (twin < 0 ? 0 : line.probs[row + twin]!));
}

/**
 * Decodes one line's probability rows (recognizer.ts); class 0 of its charset is the CTC blank.
 * With `allowed`, only the classes it marks (and the blank) compete at each step: where a class
 * left out was the most probable, the best allowed one stands in, with its own (lower) probability.
 */
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
