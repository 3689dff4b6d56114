/**
 * GET /metrics: the Prometheus text format of metrics.ts, no key needed. Who may read it is
 * IDV_METRICS:
 *
 *   local (default)  peers on this machine only: a loopback peer whose request no proxy forwarded
 *                    (X-Forwarded-For / Forwarded / X-Real-IP present means it came from further
 *                    away); others get 403 Forbidden
 *   open             anyone who reaches the port: for a scraper on a private network when the
 *                    port is not exposed beyond it
 *   off              404 NotFound, as if there were no such path
 *
 * Why no API key: the figures hold no personal data and no keys (counts, latencies, process
 * memory), but they do show traffic volumes; API keys belong to integrators, not to the
 * operator's monitoring, and Prometheus scrapes many targets with one configuration. Keeping it
 * local by default means nothing is published until the operator decides how it is scraped.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { CodedError } from '../../common/errors.js';
import { limitByAddress, type AddressLimit } from '../address-limit.js';
import type { MetricsAccess } from '../config.js';
import type { Metrics } from '../metrics.js';
import { isLoopback } from '../transport.js';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function fromThisMachine(ctx: Context): boolean {
  return isLoopback(ctx.req.socket.remoteAddress) && FORWARDING_HEADERS.every((name) => ctx.get(name) === '');
}

/** Calls are limited per address (address-limit.ts); a scraper's few a minute never meet it. */
export function metricsRoutes(router: Router, deps: { metrics: Metrics; access: MetricsAccess; addressLimit: AddressLimit }): void {
  router.get('/metrics', limitByAddress(deps.addressLimit), async (ctx) => {
    if (deps.access === 'off') throw new CodedError('NotFound');
    if (deps.access === 'local' && !fromThisMachine(ctx)) {
      throw new CodedError('Forbidden', 'Metrics are served to this machine only (IDV_METRICS=local).');
    }
    ctx.type = deps.metrics.registry.contentType;
    ctx.body = await deps.metrics.registry.metrics();
  });
}
