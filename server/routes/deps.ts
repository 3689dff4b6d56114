/** What every route module receives from buildApp. */
import type { PipelineClient } from '../pipeline-client.js';
import type { Store } from '../store/store.js';

export interface RouteDeps {
  store: Store;
  pipeline: PipelineClient;
  requestTtlSeconds: number;
  pipelineDeadlineMs: number;
  bodyLimitBytes: number;
}
