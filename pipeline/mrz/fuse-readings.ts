/**
 * Two readings of one MRZ band (its lines recognised in pieces and whole, read-line-set.ts) made one:
 * the recogniser errs differently on the two, so per position the character likelier over both
 * stands, and the check digits correct the result again.
 */
import type { PositionReading } from './ctc-constrained.js';
import { LAYOUTS } from './layout.js';
import type { BandReading } from './band-reading.js';
import { correctReading } from './correct-state-codes.js';

/** One position read twice: each candidate's probability averaged over the two readings. */
function fusePosition(a: PositionReading, b: PositionReading): PositionReading {
  const sum = new Map<number, number>();
  for (const reading of [a, b]) for (const c of reading.candidates) sum.set(c.index, (sum.get(c.index) ?? 0) + c.p / 2);
  const candidates = [...sum].map(([index, p]) => ({ index, p })).sort((x, y) => y.p - x.p);
  return { index: candidates[0]!.index, p: candidates[0]!.p, candidates };
}

/**
 * Two readings of one band in the same layout (the lines cut and whole) as one: per position the
 * likelier character over both, then corrected by the checks again. Null when the layouts differ.
 */
export function fuse(a: BandReading, b: BandReading): BandReading | null {
  if (a.format !== b.format) return null;
  const positions = a.positions.map((line, i) => line.map((reading, j) => fusePosition(reading, b.positions[i]![j]!)));
  const corrected = correctReading(LAYOUTS[a.format], positions);
  return { ...a, ...corrected, positions };
}
