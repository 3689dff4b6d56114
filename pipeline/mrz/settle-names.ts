/**
 * An MRZ's names settled by the visual zone. Names carry no check digit, so a letter the MRZ
 * reader read doubtfully (M as N, W as V, D as O on a photo) stands as read. The front prints
 * the same names in its visual zone, larger and in another font, where another reader sees them
 * apart: where the MRZ's name field and the visual zone's names spelled as ICAO 9303 spells them
 * (Ü as UE, É as E) differ only at a few letters that the MRZ read doubtfully, the visual zone's
 * letters are taken. Any other difference stays, for the verdict to weigh: a letter the MRZ read
 * surely is what the document holds, whatever the front shows.
 */
import type { Confidences, DocumentFields } from '../../common/document.js';
import type { CorrectedReading } from './correct.js';
import { DOUBTFUL_PROBABILITY } from './doubt.js';
import { nameFieldSpelling, plainSpans } from './fields.js';
import type { MrzFormat } from './layout.js';

/** At most this many letters of the MRZ's names are taken from the visual zone. */
const MAX_SETTLED = 2;
/**
 * The visual zone's name is read at least this surely. A name one letter away from the MRZ's is
 * reported at 89 at most (front/guided.ts), so the bar lies below that.
 */
const MIN_VISUAL_CONFIDENCE = 80;

/**
 * The reading with the letters of its names that the visual zone settles, each corrected `by`
 * 'visual-zone' at the visual zone's confidence; undefined where nothing is settled.
 */
export function settledNames(reading: CorrectedReading, format: MrzFormat, visual: DocumentFields,
  confidence: Confidences): CorrectedReading | undefined {
  const spelled = nameFieldSpelling(visual);
  const sure = Math.min(confidence.familyName ?? 0, visual.privateName === undefined ? 100 : confidence.privateName ?? 0);
  if (spelled === undefined || sure < MIN_VISUAL_CONFIDENCE) return undefined;
  const span = plainSpans(format).name;
  const line = reading.lines[span.line]!;
  const field = line.slice(span.start, span.end);
  // A field the names fill is cut off where it ends; a shorter one ends in fillers, or, with the
  // given names not read on the front, goes on with its own given names after the family name's `<<`.
  const compared = Math.min(spelled.length, field.length);
  const rest = field.slice(compared);
  if (!/^<*$/.test(rest) && !(visual.privateName === undefined && rest.startsWith('<<'))) return undefined;
  const settled: number[] = [];
  for (let k = 0; k < compared; k += 1) {
    if (field[k] === spelled[k]) continue;
    const letters = /[A-Z]/.test(field[k]!) && /[A-Z]/.test(spelled[k]!);
    if (!letters || reading.probs[span.line]![span.start + k]! >= DOUBTFUL_PROBABILITY) return undefined;
    settled.push(k);
  }
  if (settled.length === 0 || settled.length > MAX_SETTLED) return undefined;
  const chars = Array.from(line);
  const probs = reading.probs.map((p) => [...p]);
  for (const k of settled) {
    chars[span.start + k] = spelled[k]!;
    probs[span.line]![span.start + k] = sure / 100;
  }
  const lines = reading.lines.map((l, i) => (i === span.line ? chars.join('') : l));
  const corrections = [...reading.corrections, ...settled.map((k) => ({ line: span.line, at: span.start + k, from: field[k]!, to: spelled[k]!, by: 'visual-zone' as const }))];
  return { ...reading, lines, probs, corrections };
}
