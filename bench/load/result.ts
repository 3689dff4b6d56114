/**
 * What one load-bench run returns: a type of its own so that print.ts, which shows it, need not
 * import run.ts, which makes it and calls print.ts.
 */
import type { MemorySeries } from './memory.js';
import type { LoadMix } from './options.js';
import type { StepSummary } from './summary.js';
import type { judgeTarget } from './target.js';

export interface LoadResult {
  /** The run's settings; the fields the runner's figures read are named, the rest is the run's record. */
  meta: Record<string, unknown> & { date: string; quick: boolean; mix: LoadMix; mode: 'steps' | 'soak'; variant: string };
  steps: StepSummary[];
  target: ReturnType<typeof judgeTarget>;
  /** Soak mode: the memory samples, per process role. */
  soak?: Record<string, Omit<MemorySeries, 'firstCpu'>>;
}
