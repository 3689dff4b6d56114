// Metrics list: docs/operations.md. One registry per app, so two apps in one process (tests) never
// share counters. Labels are bounded: `route` is the router's template, never the path.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Whole requests: from milliseconds (a 404) to the pipeline deadline (a verification). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];
/** One stage: from a parse (sub-millisecond) to OCR of a large front on a busy machine. */
const STAGE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10];

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'code'>;
  httpDuration: Histogram<'method' | 'route' | 'code'>;
  stageDuration: Histogram<'stage'>;
  pipelineCallDuration: Histogram<'outcome'>;
  pipelineCalls: Counter<'outcome'>;
  pipelineInFlight: Gauge;
  webhookDeliveries: Counter<'outcome'>;
  webhookOldestPending: Gauge;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'idv_' });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'idv_http_requests_total', help: 'HTTP answers by method, route template and status code.',
      labelNames: ['method', 'route', 'code'], registers,
    }),
    httpDuration: new Histogram({
      name: 'idv_http_request_duration_seconds', help: 'HTTP request latency by method, route template and status code.',
      labelNames: ['method', 'route', 'code'], buckets: HTTP_BUCKETS, registers,
    }),
    stageDuration: new Histogram({
      name: 'idv_pipeline_stage_duration_seconds', help: 'Pipeline stage latency, as the pipeline reports it with each verification.',
      labelNames: ['stage'], buckets: STAGE_BUCKETS, registers,
    }),
    pipelineCallDuration: new Histogram({
      name: 'idv_pipeline_call_duration_seconds', help: 'Latency of one pipeline Verify call seen from the front door (queueing included).',
      labelNames: ['outcome'], buckets: HTTP_BUCKETS, registers,
    }),
    pipelineCalls: new Counter({
      name: 'idv_pipeline_calls_total', help: 'Pipeline Verify calls by outcome: ok, or the contract error code.',
      labelNames: ['outcome'], registers,
    }),
    pipelineInFlight: new Gauge({
      name: 'idv_pipeline_calls_in_flight', help: 'Pipeline Verify calls sent and not yet answered.', registers,
    }),
    webhookDeliveries: new Counter({
      name: 'idv_webhook_deliveries_total', help: 'Webhook delivery attempts by outcome: delivered, failed (to be retried), abandoned.',
      labelNames: ['outcome'], registers,
    }),
    webhookOldestPending: new Gauge({
      name: 'idv_webhook_oldest_pending_seconds', help: 'Age of the oldest webhook event not yet delivered (0 when none), as of the sender\'s last poll.', registers,
    }),
  };
}
