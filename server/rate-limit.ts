/**
 * Rate limiting: a token bucket per id in this process's memory, per API key (auth.ts) and per
 * client address without a valid key (address-limit.ts). A bucket holds `burst` tokens and refills
 * at `perSecond`; an empty one says how long until a token is back (the 429's Retry-After). Per
 * address, anyone can make new ids, so `maxBuckets` forgets the oldest past it. Each front door
 * keeps its own buckets: behind a balancer the limit is multiplied by their number.
 */
import { performance } from 'node:perf_hooks';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(id: string): RateDecision;
  /** Buckets held now: bounded by the keys seen recently, which is what a test checks. */
  size(): number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets beyond this many trigger a sweep of full (idle) ones, which are the same as absent. */
const SWEEP_ABOVE = 10_000;
/** At most one sweep (a pass over every bucket) a second, so a flood of new ids cannot make every call a sweep. */
const SWEEP_EVERY_MS = 1000;

const ALLOWED: RateDecision = Object.freeze({ allowed: true });

/** A limiter of `perSecond` and `burst` (IDV_RATE_LIMIT_*, IDV_ADDRESS_RATE_LIMIT_*); a rate of 0 never limits. */
export function createRateLimiter(options: { perSecond: number; burst: number; maxBuckets?: number; now?: () => number }): RateLimiter {
  const { perSecond, burst } = options;
  if (perSecond === 0) return { take: () => ALLOWED, size: () => 0 };
  const now = options.now ?? (() => performance.now());
  const maxBuckets = options.maxBuckets ?? Infinity;
  const buckets = new Map<string, Bucket>();
  let sweptAt = -Infinity;

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
        if (buckets.size >= SWEEP_ABOVE && t - sweptAt >= SWEEP_EVERY_MS) {
          sweep(t);
          sweptAt = t;
        }
        // Map order is insertion order: the first is the bucket made longest ago.
        if (buckets.size >= maxBuckets) buckets.delete(buckets.keys().next().value!);
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
