/** The recogniser's classes as PaddleOCR's CTCLabelDecode builds them: blank, the dictionary's lines, the space. */
import { recognitionDictionaryV6, type RecogniserModel } from './model-files.js';

export interface Charset {
  /** '' for the blank at 0. */
  readonly chars: readonly string[];
  classOf(char: string): number | undefined;
    /** 1 for the Latin classes (U+0020–U+024F) and the space, 0 for the rest and the blank. */
  readonly latin: Uint8Array;
  /** For a letter's class, the class of the same letter in the other case; -1 where there is none. */
  readonly otherCase: Int32Array;
}

const LATIN_END = 0x24f;

/** Glyphs Latin print is read as and a reader folds back: full-width digits, the MRZ filler's look-alikes. */
const LATIN_STAND_INS = '０１２３４５６７８９＜〈《‹«く';

function isLatin(char: string): boolean {
  return char.length === 1 && char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) <= LATIN_END;
}

export function charsetOf(chars: readonly string[]): Charset {
  const index = new Map<string, number>();
  // The first occurrence wins, as a lookup into PaddleOCR's list would.
  chars.forEach((char, k) => { if (k > 0 && !index.has(char)) index.set(char, k); });
  const latin = Uint8Array.from(chars, (char, k) => (k > 0 && isLatin(char) ? 1 : 0));
  const otherCase = Int32Array.from(chars, (char) => {
    const swapped = char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase();
    return swapped !== char && swapped.length === 1 ? index.get(swapped) ?? -1 : -1;
  });
  return { chars: Object.freeze([...chars]), classOf: (char) => index.get(char), latin, otherCase };
}

export function buildCharset(dictionary: string): Charset {
  const lines = dictionary.split(/\r?\n/);
  // readlines() yields no entry after a final newline.
  if (lines[lines.length - 1] === '') lines.pop();
  return charsetOf(['', ...lines, ' ']);
}

/** Some of a charset's classes, as a charset of their own, and where each came from. */
export interface CharsetSubset {
  charset: Charset;
  classes: readonly number[];
}

/** The classes a Latin reader decodes: blank, Latin, space and the stand-ins (538 of small's, 330 of tiny's). */
export function latinSubset(charset: Charset): CharsetSubset {
  const classes = charset.chars.flatMap((char, k) => (k === 0 || isLatin(char) || LATIN_STAND_INS.includes(char) ? [k] : []));
  return { charset: charsetOf(classes.map((k) => charset.chars[k]!)), classes };
}

const loading = new Map<RecogniserModel, Promise<Charset>>();

/** The recogniser's charset, read once per worker (a failed read is retried on the next call). */
export function recognitionCharset(model: RecogniserModel): Promise<Charset> {
  let pending = loading.get(model);
  if (!pending) {
    const started = recognitionDictionaryV6(model).then(buildCharset);
    started.catch(() => { if (loading.get(model) === started) loading.delete(model); });
    loading.set(model, started);
    pending = started;
  }
  return pending;
}
