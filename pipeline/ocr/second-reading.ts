/** Lines read by PP-OCRv6 tiny (a fifth of small's cost), and by small again where tiny doubts or a name or number may stand. */
import { lastEditRow } from '../../common/edit-distance.js';
import { lettersAndDigits } from '../../common/letters-and-digits.js';
import { transliterate } from '../../common/icao-transliteration.js';
import { ctcGreedy } from './ctc-decode.js';
import type { RecogniserModel } from './model-files.js';
import { recognizeLines, type LineImage, type LineProbabilities } from './recognizer.js';
import { OCR_TUNING } from './tunables.js';



export interface LatinReading {
  model: RecogniserModel;
  latinOnly: boolean;
  names: readonly string[];
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

/** Whether a `known` word (3+ characters) or value occurs in `text`, an edit per four characters allowed, separators dropped. */
export function mayHold(text: string, known: readonly string[]): boolean {
  const letters = transliterate(text).replaceAll('<', '');
  return known.some((value) => {
    const spelled = transliterate(value);
    return [...spelled.split('<'), spelled.replaceAll('<', '')].some((word) => word.length >= 3
      && Math.min(...lastEditRow(word, letters, true)) <= Math.floor(word.length / 4));
  });
}
