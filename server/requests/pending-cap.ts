// A public key ships in apps, so it must not store images without bound. Checked before the body is
// read and again atomically in the store's insert.
import type { Context, Next } from 'koa';
import { callerKey } from '../auth.js';
import { ApiProblem } from '../http-errors.js';
import type { ApiKeyRecord, Store } from '../store/store.js';

export function maxPendingOf(key: ApiKeyRecord, settings: { publicKeyMaxPending: number }): number | undefined {
  return key.type === 'public' && settings.publicKeyMaxPending > 0 ? settings.publicKeyMaxPending : undefined;
}

/** Retry-After: until the first pending request expires, when a place is sure to free up. */
export async function pendingCapProblem(store: Store, keyHash: string, max: number, now: Date): Promise<ApiProblem> {
  const { firstExpiry } = await store.pendingRequests(keyHash, now);
  const seconds = firstExpiry === null ? 1 : Math.max(1, Math.ceil((firstExpiry.getTime() - now.getTime()) / 1000));
  return new ApiProblem('TooManyRequests', {
    message: `This public key holds ${max} pending requests, the most it may; verify or wait for one to expire (retry after ${seconds} s).`,
    retryAfterSeconds: seconds,
  });
}

/** After requireKey. */
export function requirePendingRoom(deps: { store: Store; publicKeyMaxPending: number }) {
  return async function pendingRoom(ctx: Context, next: Next): Promise<void> {
    const key = callerKey(ctx);
    const max = maxPendingOf(key, deps);
    if (max !== undefined) {
      const now = new Date();
      if ((await deps.store.pendingRequests(key.hash, now)).count >= max) throw await pendingCapProblem(deps.store, key.hash, max, now);
    }
    return next();
  };
}
