/**
 * The per-address limit (IDV_ADDRESS_RATE_LIMIT_*): a token bucket per client address on API calls
 * whose key is missing, unknown or revoked (before their 401) and on /openapi.json, /metrics and
 * /dashboard; never on /health, /ready or loopback callers. Over it: 429 with Retry-After.
 */
import type { Context, Next } from 'koa';
import { addressBucket, clientAddress } from './client-address.js';
import { ApiProblem } from './http-errors.js';
import { createRateLimiter } from './rate-limit.js';
import { isLoopback } from './transport.js';

/** Addresses whose buckets are held at most (about 100 bytes each); past it the oldest is forgotten. */
export const MAX_ADDRESS_BUCKETS = 100_000;

export interface AddressLimit {
  /** Takes a token of the caller's address; throws 429 TooManyRequests when there is none. */
  check(ctx: Context): void;
}

export function createAddressLimit(options: { perSecond: number; burst: number; trustedProxy: boolean }): AddressLimit {
  const limiter = createRateLimiter({ perSecond: options.perSecond, burst: options.burst, maxBuckets: MAX_ADDRESS_BUCKETS });
  return {
    check(ctx) {
      const address = clientAddress(ctx, options.trustedProxy);
      if (isLoopback(address)) return;
      const rate = limiter.take(addressBucket(address));
      if (!rate.allowed) {
        throw new ApiProblem('TooManyRequests', {
          message: `Too many requests without a valid API key from this address; retry after ${rate.retryAfterSeconds} s.`,
          retryAfterSeconds: rate.retryAfterSeconds,
        });
      }
    },
  };
}

/** Route middleware of the keyless routes: every call takes a token of its address. */
export function limitByAddress(limit: AddressLimit) {
  return async function byAddress(ctx: Context, next: Next): Promise<void> {
    limit.check(ctx);
    return next();
  };
}
