/**
 * Which store errors mean "the store is away" (503 ServiceUnavailable, retry later) and which do
 * not (500 ApiError: a bug), with the real drivers: the MongoDB driver failing to reach a server,
 * the embedded store losing its folder, and a write the store refuses on its own terms.
 */
import t from 'tap';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CodedError } from '../../common/errors.js';
import { MongoNetworkError, MongoServerError } from 'mongodb';
import { isStoreUnavailable, reportUnavailability } from '../../server/store/availability.js';
import { MongoStore } from '../../server/store/mongo.js';
import { SqliteStore } from '../../server/store/sqlite.js';
import { TEST_KEYS, keyRecord } from '../store/records.js';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('it resolved');
}

t.test('a MongoDB server that cannot be reached answers ServiceUnavailable', async (t) => {
  // Nothing listens on port 1; the driver gives up after its (shortened) server selection.
  const store = reportUnavailability(new MongoStore('mongodb://127.0.0.1:1/idv_unreachable?serverSelectionTimeoutMS=300&connectTimeoutMS=300', TEST_KEYS));
  t.teardown(() => store.close());
  const error = await rejection(store.findKeyByHash('0'.repeat(64)));
  t.ok(error instanceof CodedError, 'a coded error');
  t.equal((error as CodedError).code, 'ServiceUnavailable');
  t.equal((error as CodedError).message, 'The store is temporarily unavailable.', 'no address in the client\'s message');
  t.match((error as CodedError).details, /^store: /, 'the driver\'s message kept for the log');
});

t.test('the embedded store without its folder answers ServiceUnavailable, and serves when it is back', async (t) => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'idv-store-errors-'));
  t.teardown(() => rm(base, { recursive: true, force: true }));
  const raw = new SqliteStore(path.join(base, 'data'), TEST_KEYS);
  await raw.init();
  const store = reportUnavailability(raw);
  t.teardown(() => store.close());
  await rename(path.join(base, 'data'), path.join(base, 'away'));
  const error = await rejection(store.insertKey(keyRecord()));
  t.equal((error as CodedError).code, 'ServiceUnavailable');
  await rename(path.join(base, 'away'), path.join(base, 'data'));
  const key = keyRecord();
  await store.insertKey(key);
  t.same((await store.findKeyByHash(key.hash))?.hash, key.hash, 'the same store object serves again');
});

t.test('a write the store refuses on its own terms stays an error of its own (a 500, not a 503)', async (t) => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'idv-store-errors-'));
  t.teardown(() => rm(base, { recursive: true, force: true }));
  const raw = new SqliteStore(base, TEST_KEYS);
  await raw.init();
  const store = reportUnavailability(raw);
  t.teardown(() => store.close());
  const key = keyRecord();
  await store.insertKey(key);
  const error = await rejection(store.insertKey(key));
  t.notOk(error instanceof CodedError, `a duplicate key is not an outage: ${String(error)}`);
});

t.test("the MongoDB driver's network errors are the store being away, subclasses named outside its public names included", async (t) => {
  // The driver's own classes; PoolClearedOnNetworkError is not exported from its main entry.
  const driver = createRequire(import.meta.url)('mongodb/lib/cmap/errors.js') as { PoolClearedOnNetworkError: new (pool: object) => Error };
  const interrupted = new driver.PoolClearedOnNetworkError({ address: '127.0.0.1:27017', serverGeneration: 0n });
  t.equal(interrupted.name, 'PoolClearedOnNetworkError', 'a name without the Mongo prefix');
  t.ok(isStoreUnavailable(interrupted));
  t.ok(isStoreUnavailable(new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed')));
  t.notOk(isStoreUnavailable(new MongoServerError({ message: 'E11000 duplicate key error', code: 11000 })), 'a refused write is not');
  t.notOk(isStoreUnavailable(new Error('PoolClearedOnNetworkError')), 'nor an error of our own');
});
