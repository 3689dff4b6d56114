/** What every API route module receives from buildApp. */
import type { PipelineClient } from '../pipeline-client.js';
import type { RateLimiter } from '../rate-limit.js';
import type { Store } from '../store/store.js';

export interface RouteDeps {
  store: Store;
  /** The instrumented client (pipeline-metrics.ts). */
  pipeline: PipelineClient;
  /** Per-key token buckets, taken from by requireKey. */
  rateLimiter: RateLimiter;
  requestTtlSeconds: number;
  pipelineDeadlineMs: number;
  bodyLimitBytes: number;
  /** IDV_WEBHOOK_ALLOW_PRIVATE: endpoints may be http or private addresses. */
  webhookAllowPrivate: boolean;
}
