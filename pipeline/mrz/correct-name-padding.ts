/** Names are padded at the end only (ICAO 9303-3, 4.6): a letter after three fillers is a misread filler no check catches. */
import { ALPHABET, FILLER } from './alphabet.js';
import type { Correction, CorrectedReading } from './correct-by-checks.js';
import type { PositionReading } from './ctc-constrained.js';
import type { MrzFormat } from './layout.js';
import { MRZ_TUNING } from './tunables.js';

const PADDING_RUN = 3;

/** Where the name field stands: its line and first position (it runs to the line's end). */
function nameField(format: MrzFormat): [number, number] {
  return format === 'TD1' ? [2, 0] : [0, 5];
}

const fillerSupport = (reading: PositionReading): number =>
  reading.index === FILLER ? reading.p : reading.candidates.find((c) => c.index === FILLER)?.p ?? 0;

export function correctNamePadding(reading: CorrectedReading, format: MrzFormat, readings: readonly (readonly PositionReading[])[]): CorrectedReading {
  const [line, from] = nameField(format);
  const text = reading.lines[line];
  if (text === undefined) return reading;
  const start = text.indexOf('<'.repeat(PADDING_RUN), from);
  if (start < 0) return reading;
  let fixed = text;
  const probs = reading.probs.map((p) => p.slice());
  const corrections: Correction[] = [...reading.corrections];
  for (let at = start + PADDING_RUN; at < text.length; at++) {
    if (text[at] === '<') continue;
    const position = readings[line]![at]!;
    const support = fillerSupport(position);
    if (support < MRZ_TUNING.minTableSupport) continue;
    corrections.push({ line, at, from: text[at]!, to: ALPHABET[FILLER]!, by: 'padding' });
    fixed = fixed.slice(0, at) + '<' + fixed.slice(at + 1);
    probs[line]![at] = support / (support + position.p);
  }
  if (fixed === text) return reading;
  const lines = reading.lines.slice();
  lines[line] = fixed;
  return { ...reading, lines, probs, corrections };
}
