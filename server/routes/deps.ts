/** What every API route module receives from buildApp. */
import type { AddressLimit } from '../address-limit.js';
import type { PipelineClient } from '../pipeline-client.js';
import type { RateLimiter } from '../rate-limit.js';
import type { Store } from '../store/store.js';

export interface RouteDeps {
  store: Store;
  pipeline: PipelineClient;
  rateLimiter: RateLimiter;
  addressLimit: AddressLimit;
  requestTtlSeconds: number;
  pipelineDeadlineMs: number;
  bodyLimitBytes: number;
  webhookAllowPrivate: boolean;
  publicKeyMaxPending: number;
}
