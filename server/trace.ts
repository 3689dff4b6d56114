/**
 * The trace id of a request: made once, when first asked for, and kept in `ctx.state`. The access
 * log line, the X-Trace-Id header and the contract's error object (`traceId`) all carry the same
 * one, so the id a client quotes to support finds its log lines.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';

interface TraceState {
  traceId?: string;
}

export function traceIdOf(ctx: Context): string {
  const state = ctx.state as TraceState;
  state.traceId ??= randomUUID();
  return state.traceId;
}
