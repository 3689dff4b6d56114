/**
 * decisions.md, Transport: HTTPS is the norm. Plain HTTP is served only on a loopback connection
 * (local development) or from a proxy the operator declared trusted that says
 * `X-Forwarded-Proto: https`. Anything else is answered 403 HttpsRequired before any work.
 */
import type { Context, Next } from 'koa';
import type { TLSSocket } from 'node:tls';
import { CodedError } from '../common/errors.js';

/** Whether a socket address is the loopback interface (IPv4, IPv6 or IPv4-mapped). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** Middleware enforcing the transport rule; `trustedProxy` comes from IDV_TRUSTED_PROXY. */
export function requireHttps(trustedProxy: boolean) {
  return async function transport(ctx: Context, next: Next): Promise<void> {
    if (trustedProxy) {
      // The first hop's value: a proxy chain appends, the outermost client-facing one comes first.
      const forwarded = ctx.get('X-Forwarded-Proto').split(',')[0]?.trim().toLowerCase();
      if (forwarded) {
        if (forwarded !== 'https') throw new CodedError('HttpsRequired');
        return next();
      }
    }
    const socket = ctx.req.socket as Partial<TLSSocket>;
    if (socket.encrypted === true || isLoopback(ctx.req.socket.localAddress)) return next();
    throw new CodedError('HttpsRequired');
  };
}
