/**
 * Data protection of the embedded store as only its files show it: a file an earlier version
 * wrote in clear is sealed at the first start with nothing lost and no clear value left; the
 * generated master key's file; a wrong master key stops the open with a message, never garbage.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { DEFAULT_KEY_FILE } from '../../server/data-protection/master-key.js';
import { openStore } from '../../server/store/index.js';
import { SQLITE_FILE } from '../../server/store/sqlite.js';
import { writeLegacyFile } from './legacy-file.js';

async function tempDir(t: Test): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idv-protect-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Every file of the store (the database and any journal beside it), concatenated. */
function storeBytes(dir: string): Buffer {
  const file = path.join(dir, SQLITE_FILE);
  return Buffer.concat(['', '-journal', '-wal', '-shm'].map((suffix) => {
    try {
      return readFileSync(file + suffix);
    } catch {
      return Buffer.alloc(0);
    }
  }));
}

t.test('a file an earlier version wrote in clear is sealed at the first start, nothing lost', async (t) => {
  const dir = await tempDir(t);
  const content = {
    requestId: randomUUID(), invitationId: randomUUID(), front: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(5000)]),
    familyName: 'QUARTERMAINE', email: 'ada@quartermaine.example',
  };
  writeLegacyFile(path.join(dir, SQLITE_FILE), content);
  t.ok(storeBytes(dir).includes(Buffer.from(content.familyName)), 'the legacy file holds the name in clear');
  const logged: Record<string, unknown>[] = [];
  const store = await openStore({ dataDir: dir }, { log: (line) => logged.push(line) });
  t.teardown(() => store.close());
  t.match(logged, [{ event: 'data-key-generated' }, { event: 'data-sealed', requests: 1, validationRequests: 1 }]);

  const request = await store.getRequest(content.requestId);
  t.ok(request?.content.frontImage?.equals(content.front), 'the image is there, whole');
  t.equal(request?.content.trackString, Buffer.from('@ANSI 636000').toString('base64'));
  t.same(request?.result, { document: { familyName: content.familyName } });
  const invitation = await store.getValidationRequest(content.invitationId);
  t.match(invitation, { firstName: 'Ada', lastName: content.familyName, email: content.email, metadata: { case: '42' } });
  const listed = await store.listValidationRequests({ accountId: 'account-a', locations: ['north'], metadata: { case: '42' }, offset: 0, limit: 10 });
  t.equal(listed.total, 1, 'the metadata filter finds it through its tag');

  await store.close();
  const bytes = storeBytes(dir);
  for (const value of [content.familyName, content.email, content.front.subarray(0, 64)]) {
    t.notOk(bytes.includes(value), `no clear ${typeof value === 'string' ? value : 'image bytes'} left in the file`);
  }
  const again = await openStore({ dataDir: dir });
  t.teardown(() => again.close());
  t.same(again.sealedAtInit, { requests: 0, validationRequests: 0 }, 'the next start has nothing left to seal');
});

t.test('with no key configured one is generated in the data folder, readable by its owner only', async (t) => {
  const dir = await tempDir(t);
  const store = await openStore({ dataDir: dir });
  t.teardown(() => store.close());
  const file = path.join(dir, DEFAULT_KEY_FILE);
  t.equal(statSync(file).mode & 0o777, 0o600);
  t.equal(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').length, 32);
});

t.test('a wrong master key stops the open with a message naming both keys; the data is untouched', async (t) => {
  const dir = await tempDir(t);
  const right = randomBytes(32);
  const store = await openStore({ dataDir: dir, dataKey: right });
  await store.close();
  const before = storeBytes(dir);
  await t.rejects(openStore({ dataDir: dir, dataKey: randomBytes(32) }), {
    name: 'DataKeyError',
    message: /^the master key from IDV_DATA_KEY \(id [0-9a-f]{16}\) does not open this store, which is sealed under master key [0-9a-f]{16}: configure the key it was created with/,
  });
  await t.rejects(openStore({ dataDir: dir }), { name: 'DataKeyError', message: /data folder's key file .* does not open this store/ },
    'nor does a key generated for a folder that already holds a store sealed under another');
  t.ok(storeBytes(dir).equals(before), 'the store file is unchanged');
  const reopened = await openStore({ dataDir: dir, dataKey: right });
  await reopened.close();
});
