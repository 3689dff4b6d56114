// Never listens (main.ts does). Health, metrics and openapi.json come ahead of the HTTPS rule; a
// route checks key, rate and scope before the body is read.
import Koa from 'koa';
import Router from '@koa/router';
import { createAddressLimit } from './address-limit.js';
import type { MetricsAccess } from './config.js';
import { errorMiddleware } from './http-errors.js';
import type { Log } from './log.js';
import { createMetrics, type Metrics } from './metrics.js';
import { observeRequests } from './observe-requests.js';
import type { PipelineClient } from './pipeline-client.js';
import { instrumentPipeline } from './pipeline-metrics.js';
import { createRateLimiter } from './rate-limit.js';
import { dashboardPageRoutes } from './routes/dashboard-page.js';
import type { RouteDeps } from './routes/deps.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { onboardingRoutes } from './routes/onboarding.js';
import { openapiRoutes } from './routes/openapi.js';
import { requestRoutes } from './routes/requests.js';
import { verifyRoutes } from './routes/verify.js';
import { webhookRoutes } from './routes/webhooks.js';
import { securityHeaders } from './security-headers.js';
import { recordStageTimings, serverTiming } from './server-timing.js';
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
    rateLimitPerSecond: number;
    rateLimitBurst: number;
    addressRateLimitPerSecond: number;
    addressRateLimitBurst: number;
    publicKeyMaxPending: number;
    metricsAccess: MetricsAccess;
    webhookAllowPrivate: boolean;
  };
  log: Log;
  /** main.ts shares it with the webhook sender. */
  metrics?: Metrics;
}

export function buildApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: deps.config.trustedProxy });
  const metrics = deps.metrics ?? createMetrics();
  const pipeline = recordStageTimings(instrumentPipeline(deps.pipeline, metrics));

  const addressLimit = createAddressLimit({
    perSecond: deps.config.addressRateLimitPerSecond, burst: deps.config.addressRateLimitBurst, trustedProxy: deps.config.trustedProxy,
  });
  const probes = new Router();
  healthRoutes(probes, { store: deps.store, pipeline });
  metricsRoutes(probes, { metrics, access: deps.config.metricsAccess, addressLimit });
  openapiRoutes(probes, addressLimit);

  const routeDeps: RouteDeps = {
    store: deps.store,
    pipeline,
    rateLimiter: createRateLimiter({ perSecond: deps.config.rateLimitPerSecond, burst: deps.config.rateLimitBurst }),
    addressLimit,
    requestTtlSeconds: deps.config.requestTtlSeconds,
    pipelineDeadlineMs: deps.config.pipelineDeadlineMs,
    bodyLimitBytes: deps.config.bodyLimitBytes,
    webhookAllowPrivate: deps.config.webhookAllowPrivate,
    publicKeyMaxPending: deps.config.publicKeyMaxPending,
  };
  const api = new Router();
  verifyRoutes(api, routeDeps);
  requestRoutes(api, routeDeps);
  onboardingRoutes(api, routeDeps);
  dashboardPageRoutes(api, addressLimit);
  webhookRoutes(api, routeDeps);

  app.use(securityHeaders());
  app.use(observeRequests({ metrics, log: deps.log }));
  app.use(errorMiddleware({ devMode: deps.config.devMode, log: deps.log }));
  app.use(probes.routes());
  app.use(requireHttps(deps.config.trustedProxy));
  app.use(serverTiming());
  app.use(api.routes());
  return app;
}
