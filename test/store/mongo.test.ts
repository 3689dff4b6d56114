/**
 * The store suite on MongoDB, against the server IDV_TEST_MONGODB_URI names (CI starts FerretDB
 * with `.ci/ferretdb.sh start`). Each test gets its own database, dropped at its end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import t, { type Test } from 'tap';
import { openStore } from '../../server/store/index.js';
import { MongoStore, databaseName } from '../../server/store/mongo.js';
import { storeSuite } from './store-suite.js';

const uri = process.env.IDV_TEST_MONGODB_URI;

/** `base` with its database replaced by `name`. */
function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A store on `storeUri` sealed under master key `dataKey` (no data folder: the key is given). */
async function open(t: Test, storeUri: string, dataKey: Buffer): Promise<MongoStore> {
  const store = await openStore({ dataDir: '/nonexistent', mongodbUri: storeUri, dataKey });
  if (!(store instanceof MongoStore)) throw new Error('openStore did not pick MongoDB');
  t.teardown(() => store.close());
  return store;
}

if (!uri) {
  t.plan(0, 'IDV_TEST_MONGODB_URI is not set: the MongoDB store suite needs a MongoDB-wire server (`.ci/ferretdb.sh start` prints one)');
} else {
  storeSuite(t, async (t) => {
    const storeUri = withDatabase(uri, `idv_test_${randomUUID().replace(/-/g, '')}`);
    const dataKey = randomBytes(32);
    const store = await open(t, storeUri, dataKey);
    // Registered after close, so it runs before it.
    t.teardown(() => store.dropDatabase());
    return { store, connect: (otherKey) => open(t, storeUri, otherKey ?? dataKey) };
  });

  t.test('a delivery an earlier version stored (no attempt log) shows its last attempt as its log, and keeps it', async (t) => {
    const storeUri = withDatabase(uri, `idv_test_${randomUUID().replace(/-/g, '')}`);
    const store = await open(t, storeUri, randomBytes(32));
    t.teardown(() => store.dropDatabase());
    const client = new MongoClient(storeUri);
    t.teardown(() => client.close());
    const endpointId = randomUUID();
    const id = randomUUID();
    const created = new Date('2030-01-01T12:00:00.000Z');
    const ended = new Date('2030-01-01T12:00:01.000Z');
    await client.db().collection<{ _id: string } & Record<string, unknown>>('webhook_deliveries').insertOne({
      _id: id, endpointId, accountId: 'account-a', eventId: randomUUID(), eventType: 'request.expired', payload: '{}',
      createdAt: created, state: 'pending', attempts: 1, nextAttemptAt: new Date('2030-01-01T12:00:11.000Z'),
      lastAttemptAt: ended, lastStatusCode: 502, lastError: 'answered HTTP 502',
    });
    const [before] = await store.listWebhookDeliveries(endpointId, 10);
    t.same(before!.attemptLog, [{ attempt: 1, at: ended, statusCode: 502, error: 'answered HTTP 502', durationMs: null }]);
    const sentAt = new Date('2030-01-01T12:00:11.000Z');
    await store.recordWebhookAttempt(id, 2, {
      state: 'delivered', at: new Date('2030-01-01T12:00:11.050Z'), statusCode: 200, error: null, nextAttemptAt: null, sentAt, durationMs: 50,
    });
    const [after] = await store.listWebhookDeliveries(endpointId, 10);
    t.same(after!.attemptLog, [
      { attempt: 2, at: sentAt, statusCode: 200, error: null, durationMs: 50 },
      { attempt: 1, at: ended, statusCode: 502, error: 'answered HTTP 502', durationMs: null },
    ], 'the next attempt joins it; the earlier one is kept');
  });

  t.test('the database is the one the connection string names', async (t) => {
    t.equal(databaseName('mongodb://127.0.0.1:27017/idv_a?journal=true'), 'idv_a');
    t.equal(databaseName('mongodb+srv://user:pw@cluster.example.net/x%2Dy'), 'x-y');
    t.equal(databaseName('mongodb://h1:1,h2:2/?replicaSet=rs'), null);
    t.equal(databaseName('mongodb://127.0.0.1:27017'), null);
  });
}
