/**
 * What one load-bench run returns: a type of its own so that print.ts, which shows it, need not
 * import run.ts, which makes it and calls print.ts.
 */
import type { MemorySeries } from './memory.js';
import type { StepSummary } from './summary.js';
import type { judgeTarget } from './target.js';

export interface LoadResult {
  meta: Record<string, unknown>;
  steps: StepSummary[];
  target: ReturnType<typeof judgeTarget>;
  /** Soak mode: the memory samples, per process role. */
  soak?: Record<string, Omit<MemorySeries, 'firstCpu'>>;
}
