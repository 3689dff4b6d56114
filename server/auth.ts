// Key scopes: decisions.md, docs/api.md. A bad key costs a token of its address's limit before the 401;
// another account's resource answers 404 (checked by each route).
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

/** Runs before the body is read, so a key over its rate costs no parsing. Sets `ctx.state.key`. */
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
