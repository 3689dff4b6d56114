/**
 * HTTPS is the norm (decisions.md, Transport): plain HTTP only on a loopback connection or from a
 * trusted proxy that says `X-Forwarded-Proto: https`; anything else is 403 HttpsRequired.
 */
import type { Context, Next } from 'koa';
import type { TLSSocket } from 'node:tls';
import { CodedError } from '../common/errors.js';

export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

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
