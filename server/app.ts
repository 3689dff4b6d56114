/**
 * buildApp(deps): the Koa application of the front door, middleware and routes; it never listens
 * (main.ts does). Order of a request's way through:
 *
 *   errors (every throw → contract error object with traceId)
 *     → transport (HTTPS rule) → no-store headers
 *       → router: key + scope → body (415/413/JSON) → validation → domain → JSON
 */
import Koa from 'koa';
import Router from '@koa/router';
import { errorMiddleware } from './http-errors.js';
import type { PipelineClient } from './pipeline-client.js';
import type { RouteDeps } from './routes/deps.js';
import { healthRoutes } from './routes/health.js';
import { onboardingRoutes } from './routes/onboarding.js';
import { requestRoutes } from './routes/requests.js';
import { verifyRoutes } from './routes/verify.js';
import type { Store } from './store/store.js';
import { requireHttps } from './transport.js';

export interface AppDeps {
  store: Store;
  pipeline: PipelineClient;
  config: {
    devMode: boolean;
    trustedProxy: boolean;
    requestTtlSeconds: number;
    pipelineDeadlineMs: number;
    bodyLimitBytes: number;
  };
  log: (line: Record<string, unknown>) => void;
}

export function buildApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: deps.config.trustedProxy });
  const routeDeps: RouteDeps = {
    store: deps.store,
    pipeline: deps.pipeline,
    requestTtlSeconds: deps.config.requestTtlSeconds,
    pipelineDeadlineMs: deps.config.pipelineDeadlineMs,
    bodyLimitBytes: deps.config.bodyLimitBytes,
  };
  const router = new Router();
  healthRoutes(router, routeDeps);
  verifyRoutes(router, routeDeps);
  requestRoutes(router, routeDeps);
  onboardingRoutes(router, routeDeps);

  app.use(errorMiddleware({ devMode: deps.config.devMode, log: deps.log }));
  app.use(requireHttps(deps.config.trustedProxy));
  app.use(async (ctx, next) => {
    // Answers carry personal data: no intermediary may keep them.
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  app.use(router.routes());
  return app;
}
