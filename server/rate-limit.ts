/**
 * Per-key rate limiting: a token bucket per API key (by its hash), in this process's memory.
 *
 * A bucket holds at most `burst` tokens and refills at `perSecond` tokens a second; every request
 * takes one. An empty bucket answers how long until one token is back, which becomes the 429's
 * Retry-After. Buckets are kept only for authenticated keys (auth.ts calls `take` after the key
 * lookup), so their number is bounded by the number of keys; unknown keys cost a hashed lookup and
 * a 401, and a flood of those is for the proxy or firewall in front.
 *
 * With several front doors each keeps its own buckets: behind a balancer spreading evenly, the
 * limit a key meets is the per-process figure times the number of front doors
 * (docs/operations.md).
 */
import { performance } from 'node:perf_hooks';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Takes one token of `id`'s bucket, or says how long to wait for one. */
  take(id: string): RateDecision;
  /** Buckets held now: bounded by the keys seen recently, which is what a test checks. */
  size(): number;
}

interface Bucket {
  tokens: number;
  /** performance.now() of the last refill. */
  at: number;
}

/** Buckets beyond this many trigger a sweep of full (idle) ones, which are the same as absent. */
const SWEEP_ABOVE = 10_000;

const ALLOWED: RateDecision = Object.freeze({ allowed: true });

/** The limiter for IDV_RATE_LIMIT_PER_SECOND / IDV_RATE_LIMIT_BURST; a rate of 0 never limits. */
export function createRateLimiter(options: { perSecond: number; burst: number; now?: () => number }): RateLimiter {
  const { perSecond, burst } = options;
  if (perSecond === 0) return { take: () => ALLOWED, size: () => 0 };
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<string, Bucket>();

  const refill = (bucket: Bucket, t: number): void => {
    bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
    bucket.at = t;
  };
  const sweep = (t: number): void => {
    for (const [id, bucket] of buckets) {
      refill(bucket, t);
      if (bucket.tokens >= burst) buckets.delete(id);
    }
  };

  return {
    take(id) {
      const t = now();
      let bucket = buckets.get(id);
      if (bucket === undefined) {
        if (buckets.size >= SWEEP_ABOVE) sweep(t);
        bucket = { tokens: burst, at: t };
        buckets.set(id, bucket);
      } else {
        refill(bucket, t);
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return ALLOWED;
      }
      // Whole seconds (the header's unit), never 0: a client retrying at once would be refused again.
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond)) };
    },
    size: () => buckets.size,
  };
}
