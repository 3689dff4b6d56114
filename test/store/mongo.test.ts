/**
 * The store suite on MongoDB, against the server IDV_TEST_MONGODB_URI names (CI starts FerretDB
 * with `.ci/ferretdb.sh start`). Each test gets its own database, dropped at its end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
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

  t.test('the database is the one the connection string names', async (t) => {
    t.equal(databaseName('mongodb://127.0.0.1:27017/idv_a?journal=true'), 'idv_a');
    t.equal(databaseName('mongodb+srv://user:pw@cluster.example.net/x%2Dy'), 'x-y');
    t.equal(databaseName('mongodb://h1:1,h2:2/?replicaSet=rs'), null);
    t.equal(databaseName('mongodb://127.0.0.1:27017'), null);
  });
}
