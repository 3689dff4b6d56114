/**
 * Keys at rest: the store keeps a key's sha256 and a hint (prefix and four characters), never the
 * key. Checked through the store's API for every key type, and for the embedded store in the raw
 * bytes of its file as well, where a plaintext key would sit whatever the API returns.
 */
import t from 'tap';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/config.js';
import { KEY_PREFIXES, createKey, lookupKey } from '../../server/keys.js';
import { openStore } from '../../server/store/index.js';
import type { KeyType } from '../../server/store/store.js';
import { ACCOUNT_A, testStoreEnv } from './helper.js';

/** Every 8-character piece of the secret part of `key`: none may appear anywhere at rest. */
function pieces(key: string, prefix: string): string[] {
  const secret = key.slice(prefix.length);
  return Array.from({ length: secret.length - 7 }, (_, i) => secret.slice(i, i + 8));
}

t.test('a stored key record holds the key\'s hash and hint, never the key', async (t) => {
  const env = await testStoreEnv(t);
  const store = await openStore(loadConfig(env));
  t.teardown(() => store.close());
  const created: { type: KeyType; key: string }[] = [];
  for (const type of ['public', 'secret', 'private'] as const) {
    const { key } = await createKey(store, { type, accountId: ACCOUNT_A, locations: type === 'private' ? ['north'] : [] });
    created.push({ type, key });
  }

  const records = await store.listKeys();
  t.equal(records.length, 3);
  for (const { type, key } of created) {
    const prefix = KEY_PREFIXES[type];
    const record = records.find((r) => r.type === type)!;
    t.equal(record.hash, createHash('sha256').update(key).digest('hex'), `${type}: the sha256 of the key`);
    t.equal(record.hint, key.slice(0, prefix.length + 4), `${type}: the hint is the prefix and four characters`);
    const stored = JSON.stringify(records);
    t.notOk(stored.includes(key), `${type}: the key is not in any record`);
    t.same(pieces(key, prefix).filter((piece) => stored.includes(piece)), [], `${type}: nor is any 8 characters of it`);
    t.equal((await lookupKey(store, key))?.hash, record.hash, `${type}: the key is still found by its hash`);
    const altered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    t.equal(await lookupKey(store, altered), null, `${type}: a key one character off is not`);
  }

  if (env.IDV_MONGODB_URI === undefined) {
    await store.close();
    const dataDir = env.IDV_DATA_DIR!;
    const bytes = Buffer.concat(readdirSync(dataDir).filter((file) => file.startsWith('idv.sqlite')).map((file) => readFileSync(path.join(dataDir, file))));
    t.ok(bytes.includes(Buffer.from(records[0]!.hash)), 'the raw file holds the hashes (the search would find text)');
    for (const { type, key } of created) {
      t.same(pieces(key, KEY_PREFIXES[type]).filter((piece) => bytes.includes(Buffer.from(piece))), [], `${type}: no 8 characters of the key in the raw store file`);
    }
  }
});
