// Token buckets in this process's memory: behind a balancer the limit is multiplied by the number
// of front doors. Anyone can make new address ids, so `maxBuckets` forgets the oldest past it.
import { performance } from 'node:perf_hooks';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(id: string): RateDecision;
  size(): number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets beyond this many trigger a sweep of full (idle) ones, which are the same as absent. */
const SWEEP_ABOVE = 10_000;
/** So that a flood of new ids cannot make every call a sweep. */
const SWEEP_EVERY_MS = 1000;

const ALLOWED: RateDecision = Object.freeze({ allowed: true });

/** A rate of 0 never limits. */
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
