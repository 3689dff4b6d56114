/** A document code's first letter (no check covers it) not allowed in its layout becomes the best-supported allowed one. */
import { ALPHABET } from './alphabet.js';
import type { Correction, CorrectedReading } from './correct-by-checks.js';
import type { PositionReading } from './ctc-constrained.js';
import type { MrzFormat } from './layout.js';
import { CODE_LETTERS } from './plausible.js';
import { MRZ_TUNING } from './tunables.js';


export function correctDocumentCode(reading: CorrectedReading, format: MrzFormat, readings: readonly (readonly PositionReading[])[]): CorrectedReading {
  const read = reading.lines[0]?.[0];
  const allowed = CODE_LETTERS[format];
  if (read === undefined || allowed.includes(read)) return reading;
  const position = readings[0]![0]!;
  const best = position.candidates
    .filter((c) => allowed.includes(ALPHABET[c.index]!) && c.p >= MRZ_TUNING.minTableSupport)
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
