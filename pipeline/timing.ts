/** Per-stage latency measured inside the product (STYLE.md): one histogram per stage, as percentiles. */
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

export interface StageSummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export class StageTimings {
  readonly #histograms = new Map<string, RecordableHistogram>();

  record(stage: string, ms: number): void {
    let histogram = this.#histograms.get(stage);
    if (histogram === undefined) {
      histogram = createHistogram();
      this.#histograms.set(stage, histogram);
    }
    histogram.record(Math.max(1, Math.round(ms * 1000)));
  }

  summary(): Record<string, StageSummary> {
    const result: Record<string, StageSummary> = {};
    for (const [stage, h] of this.#histograms) {
      result[stage] = {
        count: h.count,
        p50: h.percentile(50) / 1000,
        p95: h.percentile(95) / 1000,
        p99: h.percentile(99) / 1000,
        max: h.max / 1000,
      };
    }
    return result;
  }
}
