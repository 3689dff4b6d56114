/**
 * Bearer-key authentication and the scope table of decisions.md:
 *
 *   endpoint                                  public        secret        private
 *   POST /api/Request                          yes           yes           no
 *   POST /api/Verify, /api/Verify/{id}         no            yes           no
 *   GET  /api/Request/{id}                     own account   own account   no
 *   GET  /api/Request/{id}/content, /result    no            own account   no
 *   /api/PublicOnboarding/*                    no            no            own locations
 *
 * No, unknown or revoked key: 401 (after a token of its address's limit). Over its rate: 429 with
 * Retry-After. Wrong key type: 403. Another account's resource answers 404 (checked by each route).
 */
import type { Context, Next } from 'koa';
import { CodedError } from '../common/errors.js';
import type { AddressLimit } from './address-limit.js';
import { ApiProblem } from './http-errors.js';
import { lookupKey } from './keys.js';
import type { RateLimiter } from './rate-limit.js';
import type { ApiKeyRecord, KeyType, Store } from './store/store.js';

export interface AuthState {
  key: ApiKeyRecord;
}

function bearerToken(header: string): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match ? match[1]! : null;
}

export interface KeyGate {
  store: Store;
  rateLimiter: RateLimiter;
  addressLimit: AddressLimit;
}

/**
 * Route middleware: authenticates the caller, takes a token of its key's rate and admits only the
 * given key types, before the body is read (a key over its rate costs no parsing). Sets `ctx.state.key`.
 */
export function requireKey(gate: KeyGate, ...allowed: KeyType[]) {
  return async function authenticate(ctx: Context, next: Next): Promise<void> {
    const token = bearerToken(ctx.get('Authorization'));
    const key = token === null ? null : await lookupKey(gate.store, token);
    if (key === null) {
      gate.addressLimit.check(ctx);
      ctx.set('WWW-Authenticate', 'Bearer');
      throw new CodedError('Unauthorized');
    }
    (ctx.state as AuthState).key = key;
    const rate = gate.rateLimiter.take(key.hash);
    if (!rate.allowed) {
      throw new ApiProblem('TooManyRequests', {
        message: `Too many requests for this API key; retry after ${rate.retryAfterSeconds} s.`,
        retryAfterSeconds: rate.retryAfterSeconds,
      });
    }
    if (!allowed.includes(key.type)) {
      throw new CodedError('Forbidden', `A ${key.type} key cannot call this endpoint.`);
    }
    return next();
  };
}

export function callerKey(ctx: Context): ApiKeyRecord {
  return (ctx.state as AuthState).key;
}
