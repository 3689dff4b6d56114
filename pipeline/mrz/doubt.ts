/**
 * How far a band reading can be trusted: whether it is an MRZ at all, which of its lines deserve
 * a second reading, and whether its failing checks are the photo's fault or the document's.
 */
import { ALPHABET } from './alphabet.js';
import { ALTERNATIVE_FLOOR } from './correct-by-checks.js';
import { LAYOUTS, checkHolds, resolveChecks } from './layout.js';
import type { BandReading } from './band-reading.js';

/**
 * A character read below this probability is doubtful: its line is read again whole unless the
 * check digits vouch for it (read-line-set.ts), and a check failing over it proves nothing.
 */
export const DOUBTFUL_PROBABILITY = 0.5;
/** A reading below this share of MRZ-like characters is text of another kind. */
export const MIN_LIKENESS = 0.75;
/** Below this mean probability a reading is not of an MRZ (or not the right way up). */
const MIN_MEAN_PROBABILITY = 0.5;
/** A valid reading at this mean probability or more ends the reader's search (search-page.ts). */
const CONCLUSIVE_PROBABILITY = 0.75;
/**
 * A character of PP-OCRv6 tiny's reading below this probability, which no check vouches for,
 * sends the band to small (read-line-set.ts). At 0.5, small's own mark, 3 of the 141 readings tiny
 * would have given (fillers read as A) were wrong; at 0.7, none of 118 (CHANGELOG.md,
 * 2026-11-27).
 */
const FIRST_READING_DOUBT = 0.7;

export function meanProbability(reading: Pick<BandReading, 'probs'>): number {
  const all = reading.probs.flat();
  return all.reduce((s, p) => s + p, 0) / all.length;
}

/** Every check holds and the reading is sure enough to end the search. */
export function conclusive(reading: Pick<BandReading, 'failed' | 'probs'>): boolean {
  return reading.failed.length === 0 && meanProbability(reading) >= CONCLUSIVE_PROBABILITY;
}

/**
 * Mostly MRZ characters, read with some certainty. Other text, or an MRZ upside down, reads with
 * a mean probability of 0.1 to 0.25 on the specimen corpus; an MRZ the right way up above 0.55.
 */
export function mrzLike(reading: Pick<BandReading, 'likeness' | 'probs'>): boolean {
  return reading.likeness >= MIN_LIKENESS && meanProbability(reading) >= MIN_MEAN_PROBABILITY;
}

/**
 * Whether the checks vouch for a doubtful character: it was not changed by a correction, and each
 * alternative the recogniser gave it (as the corrector weighs them) would make a check fail. A
 * check digit tells apart every two digits, but not letters whose values differ by ten (O and E,
 * I and S), and names are covered by no check at all.
 */
function vouched(reading: BandReading, line: number, at: number): boolean {
  if (reading.corrections.some((c) => c.line === line && c.at === at)) return false;
  const layout = LAYOUTS[reading.format];
  const position = reading.positions[line]![at]!;
  return position.candidates.every((c) => {
    if (c.index === position.index || c.p < ALTERNATIVE_FLOOR) return true;
    const lines = reading.lines.slice();
    lines[line] = lines[line]!.slice(0, at) + ALPHABET[c.index]! + lines[line]!.slice(at + 1);
    return !resolveChecks(layout, lines).every((check) => checkHolds(check, lines));
  });
}

/**
 * The lines to read again: all of them where a check fails, else those holding a doubtful
 * character that the checks do not vouch for.
 */
export function linesInDoubt(reading: BandReading, doubtful = DOUBTFUL_PROBABILITY): number[] {
  const all = reading.lines.map((_, i) => i);
  if (reading.failed.length > 0) return all;
  return all.filter((line) => reading.probs[line]!.some((p, at) => p < doubtful && !vouched(reading, line, at)));
}

/**
 * Whether the name field holds a letter after three fillers in a row. ICAO 9303 separates the
 * primary and secondary identifiers by two fillers and the names' components by one, and pads
 * only at the field's end: such a letter is a filler misread (tiny read seed 4242-156's
 * `WEI<<<<<<<<A<<<…` at 0.8).
 */
export function letterAfterPadding(reading: Pick<BandReading, 'lines' | 'format'>): boolean {
  const names = reading.format === 'TD1' ? reading.lines[2] ?? '' : (reading.lines[0] ?? '').slice(5);
  return /<{3}[A-Z]/.test(names);
}

/**
 * Whether the fast first reading (PP-OCRv6 tiny) stands without small's: an MRZ, conclusive, no
 * character below FIRST_READING_DOUBT that the checks do not vouch for, and a name field padded
 * only at its end. Names carry no check, so a name letter must be read surely.
 */
export function firstReadingStands(reading: BandReading): boolean {
  return mrzLike(reading) && conclusive(reading) && !letterAfterPadding(reading)
    && linesInDoubt(reading, FIRST_READING_DOUBT).length === 0;
}

/**
 * A check that fails over a character the recogniser was unsure of: the photo was not read, which
 * says nothing about the document. Such a reading is an MRZOCRError (take the photo again), not
 * the ItsFake a failing check otherwise means; a check digit altered on the document is read as
 * surely as the rest and still fails as ItsFake.
 */
export function doubtfulFailure(reading: Pick<BandReading, 'checks' | 'failed' | 'probs'>): boolean {
  const failing = reading.checks.filter((check) => reading.failed.includes(check.name));
  return failing.length > 0 && failing.every((check) =>
    [...check.spans, { line: check.line, start: check.at, end: check.at + 1 }].some((span) =>
      reading.probs[span.line]!.slice(span.start, span.end).some((p) => p < DOUBTFUL_PROBABILITY)));
}
