/**
 * A page's lines read by PP-OCRv6 tiny, and again by small where tiny may be wrong: tiny costs a
 * fifth as much but misses more (a name's marks read surely, letters of low-resolution lines).
 * Small reads again the lines tiny doubts, and those that may hold a holder's name or the document
 * number as the machine-readable part holds them, unless the number is read exactly and surely.
 */
import { lastEditRow } from '../../common/edit-distance.js';
import { lettersAndDigits } from '../../common/letters-and-digits.js';
import { transliterate } from '../../common/icao-transliteration.js';
import { ctcGreedy } from './ctc-decode.js';
import type { RecogniserModel } from './model-files.js';
import { recognizeLines, type LineImage, type LineProbabilities } from './recognizer.js';
import { OCR_TUNING } from './tunables.js';



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
  const squeeze = OCR_TUNING.v6Squeeze;
  const read = await recognizeLines(crops, { latinOnly, model, squeeze });
  if (model !== 'v6-tiny') return read;
  const again = read.flatMap((probs, k) => (needsSecondReading(probs, reading) ? [k] : []));
  const second = await recognizeLines(again.map((k) => crops[k]!), { latinOnly, model: 'v6', squeeze });
  again.forEach((k, j) => { read[k] = second[j]!; });
  return read;
}

function needsSecondReading(probs: LineProbabilities, { latinOnly, names, number }: LatinReading): boolean {
  const line = ctcGreedy(probs, latinOnly ? probs.charset.latin : undefined);
  if (line.confidence < OCR_TUNING.recheckBelow || mayHold(line.text, names)) return true;
  return number !== undefined && mayHold(line.text, [number]) && !lettersAndDigits(line.text).includes(lettersAndDigits(number));
}

/**
 * Whether a word of one of the `known` values (3 characters or more), or a value whole, occurs in
 * `text` with at most an edit in every four characters, spelled as the MRZ spells them, separators
 * dropped (the front may join or part a name's words, and group a number's digits).
 */
export function mayHold(text: string, known: readonly string[]): boolean {
  const letters = transliterate(text).replaceAll('<', '');
  return known.some((value) => {
    const spelled = transliterate(value);
    return [...spelled.split('<'), spelled.replaceAll('<', '')].some((word) => word.length >= 3
      && Math.min(...lastEditRow(word, letters, true)) <= Math.floor(word.length / 4));
  });
}
