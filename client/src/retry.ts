/**
 * When to send a call again. The server answers 429 TooManyRequests (the key's rate) and 503
 * ServiceUnavailable (pipeline saturated or down) before doing the work, with a Retry-After that
 * says when to come back, so these two and only these are retried, after the time it asks.
 * Another status is an answer about the call itself and is thrown at once.
 */

export interface RetryOptions {
  /** Retries after the first attempt (default 3); 0 never retries. */
  retries?: number;
  /**
   * The longest wait the client accepts, in seconds (default 60). A Retry-After beyond it is
   * not waited for: the error is thrown at once with `retryAfterSeconds`, for the caller to plan.
   */
  maxDelaySeconds?: number;
}

export const RETRY_DEFAULTS: Readonly<Required<RetryOptions>> = Object.freeze({ retries: 3, maxDelaySeconds: 60 });

const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Retry-After in seconds: delta-seconds or an HTTP-date (RFC 9110); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Milliseconds to wait before retry number `attempt + 1`, or null to throw now. Without a
 * Retry-After the wait doubles from 1 s.
 */
export function retryDelayMs(status: number, retryAfterSeconds: number | null, attempt: number, options: Required<RetryOptions>): number | null {
  if (!RETRIED_STATUSES.has(status) || attempt >= options.retries) return null;
  const seconds = retryAfterSeconds ?? Math.min(2 ** attempt, options.maxDelaySeconds);
  return seconds > options.maxDelaySeconds ? null : seconds * 1000;
}
