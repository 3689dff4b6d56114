/**
 * A document code's first letter is one of a few in each layout (plausible.ts, ICAO 9303: P for a
 * passport, A, C or I for a card, V for a visa), and no check digit covers it: an I read as Z or
 * a P read as R would pass every check. Where the letter read is not one its layout allows, the
 * allowed letter the recogniser supported most there is taken instead, if it gave it real support.
 */
import { ALPHABET } from './alphabet.js';
import type { Correction, CorrectedReading } from './correct-by-checks.js';
import type { PositionReading } from './ctc-constrained.js';
import type { MrzFormat } from './layout.js';
import { CODE_LETTERS } from './plausible.js';

/** The letter put in needs at least this probability among the recogniser's candidates. */
const MIN_SUPPORT = 0.01;

/** Replaces a document code's first letter that its layout does not allow by the likeliest one it does. */
export function correctDocumentCode(reading: CorrectedReading, format: MrzFormat, readings: readonly (readonly PositionReading[])[]): CorrectedReading {
  const read = reading.lines[0]?.[0];
  const allowed = CODE_LETTERS[format];
  if (read === undefined || allowed.includes(read)) return reading;
  const position = readings[0]![0]!;
  const best = position.candidates
    .filter((c) => allowed.includes(ALPHABET[c.index]!) && c.p >= MIN_SUPPORT)
    .sort((a, b) => b.p - a.p)[0];
  if (best === undefined) return reading;
  const to = ALPHABET[best.index]!;
  const lines = reading.lines.slice();
  lines[0] = to + lines[0]!.slice(1);
  const probs = reading.probs.map((p) => p.slice());
  probs[0]![0] = best.p / (best.p + position.p);
  const corrections: Correction[] = [...reading.corrections, { line: 0, at: 0, from: read, to, by: 'document-code' }];
  return { ...reading, lines, probs, corrections };
}
