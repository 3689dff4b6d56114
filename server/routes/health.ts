/**
 * Probes, no key needed (mounted ahead of the HTTPS rule in app.ts: they carry neither keys nor
 * personal data, and orchestrators probe pods over plain HTTP):
 *
 *   GET /health   liveness: 200 while the process runs and its event loop turns; asks nothing else,
 *                 so an outage of the store or pipeline never gets the front door restarted
 *   GET /ready    readiness: 200 when the pipeline answers SERVING and the store answers; else 503
 *                 ServiceUnavailable (the contract's error object, Retry-After) naming what is not
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
