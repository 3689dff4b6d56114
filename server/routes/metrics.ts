// No API key: the figures hold no personal data and keys belong to integrators. IDV_METRICS is
// `local` by default so that nothing is published unasked.
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

/** Limited per address; a scraper's few calls a minute never meet it. */
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
