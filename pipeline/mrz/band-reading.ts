/**
 * One reading of an MRZ band, as read-line-set.ts makes it and doubt.ts and fuse-readings.ts weigh it: a type
 * of its own so that those two need not import the reader that calls them.
 */
import type { CorrectedReading } from './correct-by-checks.js';
import type { PositionReading } from './ctc-constrained.js';
import type { MrzFormat } from './layout.js';

export interface BandReading extends CorrectedReading {
  format: MrzFormat;
  /** Sum of the lines' best-path log-probabilities. */
  score: number;
  /** Share of the recogniser's non-blank probability on MRZ characters (or their look-alikes). */
  likeness: number;
  /** Characters per line that the last line's pitch suggests. */
  estimate?: number;
  /** What the recogniser read at each position, before any correction. */
  positions: PositionReading[][];
}
