/** State codes carry no check digit: an unknown code becomes the likeliest known one the recogniser supported. */
import { ALPHABET } from './alphabet.js';
import { correctByChecks, type Correction, type CorrectedReading } from './correct-by-checks.js';
import { correctDocumentCode } from './correct-document-code.js';
import { correctNamePadding } from './correct-name-padding.js';
import { MRZ_STATE_CODES } from './countries.js';
import type { PositionReading } from './ctc-constrained.js';
import type { Layout, MrzFormat } from './layout.js';
import { MRZ_TUNING } from './tunables.js';

const ISSUING_CODES: ReadonlySet<string> = new Set(MRZ_STATE_CODES);


function codePositions(format: MrzFormat): [number, number][] {
  return format === 'TD1' ? [[0, 2], [1, 15]] : [[0, 2], [1, 10]];
}

function probabilityOf(reading: PositionReading, char: string): number {
  const index = ALPHABET.indexOf(char);
  return index === reading.index ? reading.p : reading.candidates.find((c) => c.index === index)?.p ?? 0;
}

/** The known code likeliest under the readings at `at`…`at + 2`, or null when none is supported. */
function likeliestCode(readings: readonly PositionReading[], at: number): string | null {
  let best: string | null = null;
  let bestScore = -Infinity;
  for (const code of MRZ_STATE_CODES) {
    let score = 0;
    for (let i = 0; i < 3 && score > -Infinity; i++) {
      const reading = readings[at + i]!;
      const p = probabilityOf(reading, code[i]!);
      score = p >= MRZ_TUNING.minTableSupport || ALPHABET[reading.index] === code[i] ? score + Math.log(Math.max(p, 1e-9)) : -Infinity;
    }
    if (score > bestScore) { best = code; bestScore = score; }
  }
  return best;
}

export function correctStateCodes(reading: CorrectedReading, format: MrzFormat, readings: readonly (readonly PositionReading[])[]): CorrectedReading {
  const lines = reading.lines.slice();
  const probs = reading.probs.map((line) => line.slice());
  const corrections: Correction[] = [...reading.corrections];
  for (const [line, at] of codePositions(format)) {
    const read = lines[line]!.slice(at, at + 3);
    if (ISSUING_CODES.has(read)) continue;
    const code = likeliestCode(readings[line]!, at);
    if (code === null) continue;
    for (let i = 0; i < 3; i++) {
      if (code[i] === read[i]) continue;
      const position = readings[line]![at + i]!;
      const p = probabilityOf(position, code[i]!);
      corrections.push({ line, at: at + i, from: read[i]!, to: code[i]!, by: 'state-code' });
      probs[line]![at + i] = p / (p + position.p);
    }
    lines[line] = lines[line]!.slice(0, at) + code + lines[line]!.slice(at + 3);
  }
  return { ...reading, lines, probs, corrections };
}

/** What the recogniser read, corrected by the check digits, then by the tables (codes, padding). */
export function correctReading(layout: Layout, readings: readonly (readonly PositionReading[])[]): CorrectedReading {
  const format = layout.format;
  return correctNamePadding(correctDocumentCode(correctStateCodes(correctByChecks(layout, readings), format, readings), format, readings), format, readings);
}
