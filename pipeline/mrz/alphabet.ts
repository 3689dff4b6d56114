/** The MRZ alphabet and how the recogniser's classes fold onto it: look-alikes (〈 《 ＜ く ‹ «, lower case) count. */
import type { Charset } from '../ocr/charset.js';
import type { LineProbabilities } from '../ocr/recognizer.js';
import type { CharClass } from './layout.js';

export const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<';
export const FILLER = ALPHABET.length - 1;
export const BLANK = ALPHABET.length;

const LOOKALIKES: Readonly<Record<string, string>> = Object.freeze({
  '<': '〈《＜く‹«', '0': '０', '1': '１', '2': '２', '3': '３', '4': '４', '5': '５', '6': '６', '7': '７', '8': '８', '9': '９',
});

/** For each alphabet character, the recogniser classes whose probability it takes. */
export function foldClasses(charset: Charset): number[][] {
  return [...ALPHABET].map((char) => {
    const sources = [char, ...(LOOKALIKES[char] ?? ''), ...(/[A-Z]/.test(char) ? [char.toLowerCase()] : [])];
    return sources.map((s) => charset.classOf(s)).filter((k): k is number => k !== undefined);
  });
}

/** The rows folded onto the alphabet plus blank, renormalised: what the model says when it may only say MRZ characters. */
export function foldRows(line: LineProbabilities, folding: readonly number[][]): Float32Array {
  const width = BLANK + 1;
  const out = new Float32Array(line.steps * width);
  for (let t = 0; t < line.steps; t++) {
    const row = t * line.classes;
    let sum = 0;
    for (let k = 0; k < BLANK; k++) {
      let p = 0;
      for (const c of folding[k]!) p += line.probs[row + c]!;
      out[t * width + k] = p;
      sum += p;
    }
    const blank = line.probs[row]!;
    out[t * width + BLANK] = blank;
    sum += blank;
    // A step the model spent on other glyphs becomes uniform rather than a division by ~0.
    const scale = sum > 1e-6 ? 1 / sum : 0;
    for (let k = 0; k <= BLANK; k++) out[t * width + k] = scale ? out[t * width + k]! * scale : 1 / width;
  }
  return out;
}

const DIGITS = [...'0123456789'].map((c) => ALPHABET.indexOf(c));
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => ALPHABET.indexOf(c));

export const CLASS_MEMBERS: Readonly<Record<CharClass, readonly number[]>> = Object.freeze({
  digit: DIGITS,
  letter: LETTERS,
  alpha: [...LETTERS, FILLER],
  alnum: [...DIGITS, ...LETTERS, FILLER],
  sex: [...'MFX<'].map((c) => ALPHABET.indexOf(c)),
  digitOrFiller: [...DIGITS, FILLER],
});

/** Digit ← letters an OCR reads for it, and letter ← the digit it is read as. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = Object.freeze({ 0: 'ODQ', 1: 'I', 2: 'Z', 5: 'S', 6: 'G', 8: 'B' });
const LETTER_LOOKALIKES: Readonly<Record<string, string>> = Object.freeze({ O: '0', I: '1', Z: '2', S: '5', G: '6', B: '8' });

/** Rows as seen from a position of class `cls`: a digit takes its look-alike letter's probability (O→0, I→1 …), and back. */
export function rowsForClass(rows: Float32Array, cls: CharClass): Float32Array {
  const table = cls === 'digit' || cls === 'digitOrFiller' ? DIGIT_LOOKALIKES
    : cls === 'letter' || cls === 'alpha' ? LETTER_LOOKALIKES : undefined;
  if (!table) return rows;
  const width = BLANK + 1;
  const out = rows.slice();
  const moves = Object.entries(table).flatMap(([to, froms]) => [...froms].map((from) => [ALPHABET.indexOf(to), ALPHABET.indexOf(from)] as const));
  for (let row = 0; row < out.length; row += width) {
    for (const [to, from] of moves) out[row + to]! += rows[row + from]!;
  }
  return out;
}
