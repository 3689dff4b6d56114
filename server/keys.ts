// Only a key's sha256 is stored; the found hash is compared again in constant time so the lookup leaks nothing.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyRecord, KeyType, Store } from './store/store.js';

/** Prefixes by key type; `prk_` marks dashboard (private) keys. */
export const KEY_PREFIXES: Readonly<Record<KeyType, string>> = Object.freeze({
  public: 'pk_',
  secret: 'sk_',
  private: 'prk_',
});

const KEY_PATTERN = /^(pk|sk|prk)_[A-Za-z0-9_-]{43}$/;

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export interface NewKey {
  type: KeyType;
  accountId: string;
  locations: string[];
}

/** The key itself is shown once. */
export async function createKey(store: Store, spec: NewKey, now = new Date()): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = KEY_PREFIXES[spec.type] + randomBytes(32).toString('base64url');
  const record: ApiKeyRecord = {
    hash: hashKey(key),
    hint: key.slice(0, KEY_PREFIXES[spec.type].length + 4),
    type: spec.type,
    accountId: spec.accountId,
    locations: spec.type === 'private' ? [...spec.locations] : [],
    createdAt: now,
    revokedAt: null,
  };
  await store.insertKey(record);
  return { key, record };
}

export async function lookupKey(store: Store, key: string): Promise<ApiKeyRecord | null> {
  // The shape check is not secret-dependent beyond what the prefix already reveals.
  if (!KEY_PATTERN.test(key)) return null;
  const hash = hashKey(key);
  const record = await store.findKeyByHash(hash);
  if (record === null || record.revokedAt !== null) return null;
  const equal = timingSafeEqual(Buffer.from(record.hash, 'hex'), Buffer.from(hash, 'hex'));
  return equal ? record : null;
}
