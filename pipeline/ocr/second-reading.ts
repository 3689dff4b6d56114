/**
 * A page's lines read by PP-OCRv6 tiny, and again by PP-OCRv6 small where tiny's reading may
 * be wrong: a front's, decoded to Latin, and OcrImage's, in every script. Tiny costs a fifth of small (a 320-column line 6 ms against 32, one thread) but
 * misses more: the marks of a name, read sure (FERNANDEZ for FERNÁNDEZ at 0.98), and letters of
 * low-resolution lines. Small reads again, its reading replacing tiny's:
 * - the lines tiny doubts (mean character probability under RECHECK_BELOW);
 * - the lines that may hold one of the holder's names or the document number as the
 *   machine-readable part holds them (mayHold): names are where marks matter, and the machine's
 *   names have none to compare with; a number tiny reads sure may still lack a digit. A line
 *   that holds the machine's number exactly, read surely, is settled: small could only read it
 *   otherwise (it cost about 40 ms of a licence front, one thread).
 * Measured in docs/front-ocr.md ("Two readers").
 */
import { lastEditRow } from '../../common/edit-distance.js';
import { lettersAndDigits } from '../../common/letters-and-digits.js';
import { transliterate } from '../../common/icao-transliteration.js';
import { ctcGreedy } from './ctc-decode.js';
import type { RecogniserModel } from './model-files.js';
import { recognizeLines, type LineImage, type LineProbabilities } from './recognizer.js';

/** A tiny reading whose mean character probability is under this is read again. */
export const RECHECK_BELOW = 0.95;

/**
 * PP-OCRv6 reads a front's lines narrowed to this share of their width: its cost grows with the
 * width, and at 0.8 a capital still spans two or more of its time steps (one per 8 columns).
 * 2026-11-26, against 1: held-out designs 249 and 245 key fields against 250 and 245 (seeds 4242
 * and 5151, 60 specimens each), tuning designs 246 both, real documents 50 of 63 both; the
 * recogniser's time a fifth less.
 */
export const V6_SQUEEZE = 0.8;

export interface LatinReading {
  /** The first reader; with `v6-tiny`, small reads again the lines above. */
  model: RecogniserModel;
  /** Only the Latin classes (sessions.ts's RecogniserChoice). */
  latinOnly: boolean;
  /** The holder's names as the machine-readable part holds them. */
  names: readonly string[];
  /** The document number as the machine-readable part holds it. */
  number?: string;
}

/** The lines' probability rows (recognizer.ts), in the order of `crops`; in every script unless `latinOnly`. */
export async function readLatinLines(crops: readonly LineImage[], reading: LatinReading): Promise<LineProbabilities[]> {
  const { model, latinOnly } = reading;
  const squeeze = V6_SQUEEZE;
  const read = await recognizeLines(crops, { latinOnly, model, squeeze });
  if (model !== 'v6-tiny') return read;
  const again = read.flatMap((probs, k) => (needsSecondReading(probs, reading) ? [k] : []));
  const second = await recognizeLines(again.map((k) => crops[k]!), { latinOnly, model: 'v6', squeeze });
  again.forEach((k, j) => { read[k] = second[j]!; });
  return read;
}

function needsSecondReading(probs: LineProbabilities, { latinOnly, names, number }: LatinReading): boolean {
  const line = ctcGreedy(probs, latinOnly ? probs.charset.latin : undefined);
  if (line.confidence < RECHECK_BELOW || mayHold(line.text, names)) return true;
  return number !== undefined && mayHold(line.text, [number]) && !lettersAndDigits(line.text).includes(lettersAndDigits(number));
}

/**
 * Whether a word of one of the `known` values (3 characters or more), or a value whole, occurs in
 * `text` with at most an edit in every four characters, all spelled as the MRZ spells them and
 * their separators dropped: the front may join or part a name's words where the MRZ does not
 * (OSPELT-BECK, OSPELTBECK), and group a number's digits.
 */
export function mayHold(text: string, known: readonly string[]): boolean {
  const letters = transliterate(text).replaceAll('<', '');
  return known.some((value) => {
    const spelled = transliterate(value);
    return [...spelled.split('<'), spelled.replaceAll('<', '')].some((word) => word.length >= 3
      && Math.min(...lastEditRow(word, letters, true)) <= Math.floor(word.length / 4));
  });
}
