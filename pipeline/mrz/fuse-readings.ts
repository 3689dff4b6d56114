/** Two readings of one MRZ band (pieces and whole) made one: the recogniser errs differently on each. */
import type { PositionReading } from './ctc-constrained.js';
import { LAYOUTS } from './layout.js';
import type { BandReading } from './band-reading.js';
import { correctReading } from './correct-state-codes.js';

function fusePosition(a: PositionReading, b: PositionReading): PositionReading {
  const sum = new Map<number, number>();
  for (const reading of [a, b]) for (const c of reading.candidates) sum.set(c.index, (sum.get(c.index) ?? 0) + c.p / 2);
  const candidates = [...sum].map(([index, p]) => ({ index, p })).sort((x, y) => y.p - x.p);
  return { index: candidates[0]!.index, p: candidates[0]!.p, candidates };
}

/** Two readings of one band in one layout as one, corrected again; null when the layouts differ. */
export function fuse(a: BandReading, b: BandReading): BandReading | null {
  if (a.format !== b.format) return null;
  const positions = a.positions.map((line, i) => line.map((reading, j) => fusePosition(reading, b.positions[i]![j]!)));
  const corrected = correctReading(LAYOUTS[a.format], positions);
  return { ...a, ...corrected, positions };
}
