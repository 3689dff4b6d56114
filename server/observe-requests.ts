// Fields are chosen one by one, never copied: no headers (the key), no query string (metadata
// filters may hold personal values), no body, no raw path.
import { performance } from 'node:perf_hooks';
import type { Context, Next } from 'koa';
import type { AuthState } from './auth.js';
import type { ErrorBody } from './http-errors.js';
import type { Log } from './log.js';
import type { Metrics } from './metrics.js';
import { traceIdOf } from './trace.js';
import { isUuid } from './validation/values.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const QUIET_ROUTES = new Set(['/health', '/ready', '/metrics']);
export const UNMATCHED_ROUTE = '(unmatched)';

function requestIdOf(ctx: Context): string | undefined {
  const params = (ctx as Context & { params?: Record<string, string> }).params;
  const id = params?.id ?? params?.requestId;
  return id !== undefined && isUuid(id) ? id.toLowerCase() : undefined;
}

function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  return matched === undefined ? UNMATCHED_ROUTE : String(matched);
}

export function observeRequests(deps: { metrics: Metrics; log: Log }) {
  return async function observe(ctx: Context, next: Next): Promise<void> {
    const started = performance.now();
    const traceId = traceIdOf(ctx);
    ctx.set('X-Trace-Id', traceId);
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(ctx);
      const labels = { method: METHODS.has(ctx.method) ? ctx.method : 'OTHER', route, code: String(ctx.status) };
      deps.metrics.httpRequests.inc(labels);
      deps.metrics.httpDuration.observe(labels, seconds);
      const key = (ctx.state as Partial<AuthState>).key;
      deps.log({
        level: QUIET_ROUTES.has(route) ? 'debug' : 'info',
        event: 'request',
        traceId,
        method: labels.method,
        route,
        requestId: requestIdOf(ctx),
        status: ctx.status,
        code: ctx.status >= 400 ? (ctx.body as Partial<ErrorBody> | undefined)?.code : undefined,
        ms: Math.round(seconds * 1e4) / 10,
        account: key?.accountId,
        keyType: key?.type,
      });
    }
  };
}
