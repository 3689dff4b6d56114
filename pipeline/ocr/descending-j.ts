/**
 * Puts back the J that the recogniser reads as an I. At the end of a word of capitals it weighs
 * the two about evenly (BARTŁOMIEJ read BARTŁOMIEI, the I at 0.47 and 0.28 against the J's 0.30
 * and 0.26, seed 6161), while the ink tells them apart: a J's stem runs down past the baseline
 * into its hook in many faces (DejaVu, Verdana, Frutiger), and an I's never does.
 *
 * A letter read I, standing alone, whose blob reaches DESCENT of the cap height below the bottoms
 * of the letters beside it (the line's own baseline there, however it slopes in a photo) is a J.
 * In a face whose J sits on the baseline nothing changes.
 */
import { charPlaces, LETTER_REACH, median, numberWords, type LineLetters } from './line-letters.js';

/** A J reaches this share of the cap height below its neighbours' bottoms (0.22 on a photo at 18 px caps). */
const DESCENT = 0.15;
/** A blob this share of the cap height wide is more than a J's stem and hook. */
const MAX_WIDTH = 0.8;
/** Letters either side whose bottoms give the baseline there. */
const NEIGHBOURS = 2;

/** `text` with each I that descends like a J made a J, from the ink of its line (line-letters.ts). */
export function restoreDescendingJ(line: LineLetters | undefined, text: string, spans: readonly (readonly [number, number])[]): string {
  if (line === undefined || !text.includes('I') || spans.length !== text.length) return text;
  const { letters, capHeight } = line;
  const { nearest } = charPlaces(line, spans, LETTER_REACH);
  const inNumber = numberWords(text);
  const out = [...text];
  letters.forEach((blob, k) => {
    const at = nearest(blob.cx);
    if (at === undefined || out[at] !== 'I' || inNumber[at] || blob.right - blob.left + 1 > MAX_WIDTH * capHeight) return;
    const beside = [...letters.slice(Math.max(0, k - NEIGHBOURS), k), ...letters.slice(k + 1, k + 1 + NEIGHBOURS)];
    if (beside.length === 0) return;
    if (blob.bottom - median(beside.map((b) => b.bottom)) >= DESCENT * capHeight) out[at] = 'J';
  });
  return out.join('');
}
