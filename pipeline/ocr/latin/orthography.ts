/** A marked letter of a many-marked word, chosen by probability × the speakers of languages writing all its marks (CLDR). */
import { baseLetter } from '../../../common/icao-transliteration.js';
import { letterProbability, type DecodedLine } from '../ctc-decode.js';
import type { LineProbabilities } from '../recognizer.js';
import { isMarked, latinAlphabets } from '../languages/alphabets.js';

/** The weight of a letter none of the word's languages writes: names cross borders. */
const FOREIGN = 0.01;

/** By lower-case letter, the share of speakers whose alphabet holds it, among the languages whose alphabets hold all of `others`. */
function letterWeights(others: readonly string[]): ((letter: string) => number) | undefined {
  const fitting = [...latinAlphabets().values()].filter((alphabet) => others.every((letter) => alphabet.letters.has(letter)));
  const total = fitting.reduce((sum, alphabet) => sum + alphabet.speakers, 0);
  if (total === 0) return undefined;
  return (letter) => FOREIGN + fitting.reduce((sum, alphabet) => sum + (alphabet.letters.has(letter) ? alphabet.speakers : 0), 0) / total;
}

const rivalsOf = new WeakMap<LineProbabilities['charset'], Map<string, number[]>>();

function markedClasses(charset: LineProbabilities['charset']): Map<string, number[]> {
  let byBase = rivalsOf.get(charset);
  if (byBase !== undefined) return byBase;
  byBase = new Map();
  charset.chars.forEach((char, k) => {
    if (charset.latin[k] !== 1 || !isMarked(char)) return;
    const base = baseLetter(char);
    byBase!.set(base, [...byBase!.get(base) ?? [], k]);
  });
  rivalsOf.set(charset, byBase);
  return byBase;
}

/** `line` with each marked letter of a many-marked word as its languages and the frames together favour it. */
export function settleMarks(probs: LineProbabilities, line: DecodedLine): DecodedLine {
  const chars = Array.from(line.text);
  if (chars.length !== line.spans.length || chars.length !== line.chars.length) return line;
  const text = [...chars];
  const confidence = [...line.chars];
  let changed = false;
  for (const word of line.text.matchAll(/\p{L}+/gu)) {
    const start = Array.from(line.text.slice(0, word.index)).length;
    // Letter by letter, so that a capital whose small letter is two characters (İ) keeps the count.
    const letters = Array.from(word[0], (c) => c.toLowerCase());
    letters.forEach((letter, j) => {
      if (!isMarked(letter)) return;
      const others = letters.filter((other, k) => k !== j && isMarked(other));
      const weight = others.length === 0 ? undefined : letterWeights(others);
      const rivals = markedClasses(probs.charset).get(baseLetter(letter));
      if (weight === undefined || rivals === undefined) return;
      const [first, last] = line.spans[start + j]!;
      const scored = rivals.map((k) => {
        let p = 0;
        for (let t = first; t <= last; t += 1) p = Math.max(p, letterProbability(probs, t, k));
        return { char: probs.charset.chars[k]!, p, score: p * weight(probs.charset.chars[k]!) };
      });
      const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
      if (best.char === letter || best.score === 0) return;
      const read = chars[start + j]!;
      const written = read === letter ? best.char : best.char.toUpperCase();
      // One character for one, so the line's spans and confidences stay aligned.
      if (Array.from(written).length !== 1) return;
      text[start + j] = written;
      const mass = scored.reduce((sum, rival) => sum + rival.p, 0);
      confidence[start + j] = Math.min(1, (mass * best.score) / scored.reduce((sum, rival) => sum + rival.score, 0));
      changed = true;
    });
  }
  if (!changed) return line;
  return { ...line, text: text.join(''), chars: confidence, confidence: confidence.reduce((sum, p) => sum + p, 0) / Math.max(1, confidence.length) };
}
