/**
 * An embedded store of schema version 1 (no request creators, no attempt log) opened by this
 * version: upgraded at the first start in place, nothing lost. The version-1 file is made by
 * taking this version's file back: the column, its index and the attempt table dropped, the
 * attempts known only as the delivery's last_* columns, user_version 1.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sqlite3 from 'node-sqlite3-wasm';
import t from 'tap';
import { openStore } from '../../server/store/index.js';
import { SQLITE_FILE } from '../../server/store/sqlite.js';
import { at, claimed, requestRecord } from './records.js';

/** Takes the file back to what version 1 wrote. */
function downgradeToVersion1(file: string): void {
  const db = new sqlite3.Database(file);
  try {
    db.exec(`DROP INDEX requests_pending_by_key; ALTER TABLE requests DROP COLUMN created_by_key;
      DROP TABLE webhook_attempts; PRAGMA user_version = 1`);
  } finally {
    db.close();
  }
}

function userVersion(file: string): number {
  const db = new sqlite3.Database(file, { readOnly: true });
  try {
    return Number(db.get('PRAGMA user_version')?.user_version);
  } finally {
    db.close();
  }
}

t.test('a version-1 file is upgraded at the first start: its requests and deliveries kept, last attempts in the log', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idv-upgrade-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const dataKey = randomBytes(32);
  const endpointId = randomUUID();
  const pending = requestRecord();

  const before = await openStore({ dataDir: dir, dataKey });
  await before.insertWebhookEndpoint({
    id: endpointId, accountId: 'account-a', url: 'https://hooks.example.com/idv', events: ['verification.failed'], secret: 'whsec_x', createdAt: at(0),
  });
  await before.insertRequest(pending);
  const failed = await claimed(t, before, requestRecord());
  await before.failRequest(failed.id, 'OCRError', 'no text', at(2000));
  await before.relayWebhookEvents(10);
  const [delivery] = await before.dueWebhookDeliveries(at(3000), 10);
  await before.recordWebhookAttempt(delivery!.id, 1, {
    state: 'pending', at: at(3500), statusCode: 500, error: 'answered HTTP 500', nextAttemptAt: at(13_500), sentAt: at(3000), durationMs: 500,
  });
  await before.close();
  const file = path.join(dir, SQLITE_FILE);
  downgradeToVersion1(file);

  const store = await openStore({ dataDir: dir, dataKey });
  t.teardown(() => store.close());
  t.equal(userVersion(file), 2, 'the file is at version 2');
  t.same(await store.getRequest(pending.id), pending, 'a request stored before is whole; its creator is unknown (null)');
  const [listed] = await store.listWebhookDeliveries(endpointId, 10);
  t.match(listed, { id: delivery!.id, attempts: 1, state: 'pending', lastStatusCode: 500, lastError: 'answered HTTP 500' });
  t.same(listed!.attemptLog, [{ attempt: 1, at: at(3500), statusCode: 500, error: 'answered HTTP 500', durationMs: null }],
    'the last attempt, from the last_* columns: when it ended, its duration unknown');
  await store.recordWebhookAttempt(delivery!.id, 2, {
    state: 'delivered', at: at(14_000), statusCode: 200, error: null, nextAttemptAt: null, sentAt: at(13_600), durationMs: 400,
  });
  t.same((await store.listWebhookDeliveries(endpointId, 10))[0]!.attemptLog.map((a) => [a.attempt, a.statusCode, a.durationMs]),
    [[2, 200, 400], [1, 500, null]], 'new attempts join the log');

  const key = 'c'.repeat(64);
  t.equal(await store.insertRequest(requestRecord({ createdByKey: key }), 1), true, 'the new column takes creators');
  t.equal(await store.insertRequest(requestRecord({ createdByKey: key }), 1), false, 'and the cap counts them');
  t.equal((await store.pendingRequests(key, at(0))).count, 1);
  await store.close();

  const again = await openStore({ dataDir: dir, dataKey });
  t.teardown(() => again.close());
  t.equal((await again.listWebhookDeliveries(endpointId, 10))[0]!.attemptLog.length, 2, 'a second start changes nothing');
});
