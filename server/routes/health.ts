/**
 * Probes, no key (ahead of the HTTPS rule: no keys or personal data, and orchestrators probe over
 * plain HTTP). GET /health: liveness, asks nothing else, so a store or pipeline outage never gets
 * the door restarted. GET /ready: readiness (readiness.ts); else 503 naming what is not.
 */
import type Router from '@koa/router';
import { ApiProblem } from '../http-errors.js';
import type { PipelineClient } from '../pipeline-client.js';
import { checkReadiness } from '../readiness.js';
import type { Store } from '../store/store.js';

export function healthRoutes(router: Router, deps: { store: Store; pipeline: PipelineClient }): void {
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/ready', async (ctx) => {
    const readiness = await checkReadiness(deps.store, deps.pipeline);
    if (!readiness.ready) {
      throw new ApiProblem('ServiceUnavailable', {
        message: `Not ready: pipeline ${readiness.pipeline}, store ${readiness.store}.`,
      });
    }
    ctx.body = { status: 'ready', pipeline: readiness.pipeline, store: readiness.store };
  });
}
