/** GET /health: no key needed; answers once the store answers. For load balancers and tests. */
import type Router from '@koa/router';
import type { RouteDeps } from './deps.js';

export function healthRoutes(router: Router, deps: RouteDeps): void {
  router.get('/health', async (ctx) => {
    await deps.store.ping();
    ctx.body = { status: 'ok' };
  });
}
