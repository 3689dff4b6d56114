/**
 * The recogniser's classes, indexed exactly as PaddleOCR's CTCLabelDecode builds them:
 * class 0 is the CTC blank, classes 1…n the dictionary's lines in file order (each line one
 * character, its line ending stripped), and class n + 1 the space that `use_space_char` appends.
 * For ppocr_keys_v1.txt that is 1 + 6623 + 1 = 6625 classes, the model's output width.
 */
import { readFile } from 'node:fs/promises';
import { RECOGNITION_DICTIONARY } from './model-files.js';

export interface Charset {
  /** Character of each class; '' for the blank at 0. */
  readonly chars: readonly string[];
  /** Class of a character, undefined when the dictionary lacks it. */
  classOf(char: string): number | undefined;
  /**
   * 1 for the classes of Latin script (U+0020–U+024F: ASCII, Latin-1, Latin Extended-A/B) and the
   * space, 0 for the rest (CJK, full-width forms, other scripts) and the blank.
   */
  readonly latin: Uint8Array;
}

/** The highest code point of Latin Extended-B. */
const LATIN_END = 0x24f;

/** Builds the class table from the dictionary file's text. */
export function buildCharset(dictionary: string): Charset {
  const lines = dictionary.split(/\r?\n/);
  // readlines() yields no entry after a final newline.
  if (lines[lines.length - 1] === '') lines.pop();
  const chars = Object.freeze(['', ...lines, ' ']);
  const index = new Map<string, number>();
  // The first occurrence wins, as a lookup into PaddleOCR's list would.
  chars.forEach((char, k) => { if (k > 0 && !index.has(char)) index.set(char, k); });
  const latin = Uint8Array.from(chars, (char, k) => (k > 0 && char.length === 1 && char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) <= LATIN_END ? 1 : 0));
  return { chars, classOf: (char) => index.get(char), latin };
}

let loading: Promise<Charset> | undefined;

/** The recogniser's charset, read once per worker (a failed read is retried on the next call). */
export function recognitionCharset(): Promise<Charset> {
  if (!loading) {
    const pending = readFile(RECOGNITION_DICTIONARY, 'utf8').then(buildCharset);
    pending.catch(() => { if (loading === pending) loading = undefined; });
    loading = pending;
  }
  return loading;
}
