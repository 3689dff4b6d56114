/** How far a band reading can be trusted: an MRZ at all, lines to read again, failing checks the photo's fault. */
import { ALPHABET } from './alphabet.js';
import { LAYOUTS, checkHolds, resolveChecks } from './layout.js';
import type { BandReading } from './band-reading.js';
import { MRZ_TUNING } from './tunables.js';


export function meanProbability(reading: Pick<BandReading, 'probs'>): number {
  const all = reading.probs.flat();
  return all.reduce((s, p) => s + p, 0) / all.length;
}

/** Every check holds and the reading is sure enough to end the search. */
export function conclusive(reading: Pick<BandReading, 'failed' | 'probs'>): boolean {
  return reading.failed.length === 0 && meanProbability(reading) >= MRZ_TUNING.conclusiveProbability;
}

/** Mostly MRZ characters, read with some certainty: other text, or an MRZ upside down, reads far lower. */
export function mrzLike(reading: Pick<BandReading, 'likeness' | 'probs'>): boolean {
  return reading.likeness >= MRZ_TUNING.minLikeness && meanProbability(reading) >= MRZ_TUNING.minMeanProbability;
}

/** Whether checks vouch for a doubtful character: uncorrected, and every alternative fails a check (names have none; O/E tie). */
function vouched(reading: BandReading, line: number, at: number): boolean {
  if (reading.corrections.some((c) => c.line === line && c.at === at)) return false;
  const layout = LAYOUTS[reading.format];
  const position = reading.positions[line]![at]!;
  return position.candidates.every((c) => {
    if (c.index === position.index || c.p < MRZ_TUNING.alternativeFloor) return true;
    const lines = reading.lines.slice();
    lines[line] = lines[line]!.slice(0, at) + ALPHABET[c.index]! + lines[line]!.slice(at + 1);
    return !resolveChecks(layout, lines).every((check) => checkHolds(check, lines));
  });
}

/** The lines to read again: all where a check fails, else those with an unvouched doubtful character. */
export function linesInDoubt(reading: BandReading, doubtful: number = MRZ_TUNING.doubtfulProbability): number[] {
  const all = reading.lines.map((_, i) => i);
  if (reading.failed.length > 0) return all;
  return all.filter((line) => reading.probs[line]!.some((p, at) => p < doubtful && !vouched(reading, line, at)));
}

/** Whether a letter follows three fillers in the name field: ICAO 9303 pads only at its end, so it is a filler misread. */
export function letterAfterPadding(reading: Pick<BandReading, 'lines' | 'format'>): boolean {
  const names = reading.format === 'TD1' ? reading.lines[2] ?? '' : (reading.lines[0] ?? '').slice(5);
  return /<{3}[A-Z]/.test(names);
}

/** Whether tiny's reading stands alone: an MRZ, conclusive, nothing unvouched below firstReadingDoubt, names padded at the end. */
export function firstReadingStands(reading: BandReading): boolean {
  return mrzLike(reading) && conclusive(reading) && !letterAfterPadding(reading)
    && linesInDoubt(reading, MRZ_TUNING.firstReadingDoubt).length === 0;
}

/** A check failing over a doubtful character: the photo was not read (MRZOCRError), which says nothing of the document. */
export function doubtfulFailure(reading: Pick<BandReading, 'checks' | 'failed' | 'probs'>): boolean {
  const failing = reading.checks.filter((check) => reading.failed.includes(check.name));
  return failing.length > 0 && failing.every((check) =>
    [...check.spans, { line: check.line, start: check.at, end: check.at + 1 }].some((span) =>
      reading.probs[span.line]!.slice(span.start, span.end).some((p) => p < MRZ_TUNING.doubtfulProbability)));
}
