/** One reading of an MRZ band, a type of its own so that doubt.ts and fuse-readings.ts need not import the reader. */
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
  /** Before any correction. */
  positions: PositionReading[][];
}
