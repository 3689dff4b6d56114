/** What every API route module receives from buildApp. */
import type { AddressLimit } from '../address-limit.js';
import type { PipelineClient } from '../pipeline-client.js';
import type { RateLimiter } from '../rate-limit.js';
import type { Store } from '../store/store.js';

export interface RouteDeps {
  store: Store;
  /** The instrumented client (pipeline-metrics.ts). */
  pipeline: PipelineClient;
  /** Per-key token buckets, taken from by requireKey. */
  rateLimiter: RateLimiter;
  /** Per-address buckets of calls without a valid key (address-limit.ts). */
  addressLimit: AddressLimit;
  requestTtlSeconds: number;
  pipelineDeadlineMs: number;
  bodyLimitBytes: number;
  /** IDV_WEBHOOK_ALLOW_PRIVATE: endpoints may be http or private addresses. */
  webhookAllowPrivate: boolean;
  /** The most pending requests a public key may hold; 0: no cap (IDV_PUBLIC_KEY_MAX_PENDING). */
  publicKeyMaxPending: number;
}
