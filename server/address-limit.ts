// Limits calls without a valid key (before their 401) and the keyless routes; never /health, /ready
// or loopback callers.
import type { Context, Next } from 'koa';
import { addressBucket, clientAddress } from './client-address.js';
import { ApiProblem } from './http-errors.js';
import { createRateLimiter } from './rate-limit.js';
import { isLoopback } from './transport.js';

/** About 100 bytes each; past it the oldest is forgotten. */
export const MAX_ADDRESS_BUCKETS = 100_000;

export interface AddressLimit {
  /** Throws 429 TooManyRequests when the address has no token left. */
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
