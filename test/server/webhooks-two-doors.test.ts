/**
 * Two front doors on one MongoDB-wire store (FerretDB in CI): both senders poll the same
 * deliveries, and each attempt of each event reaches the receiver once. The receiver fails the
 * first request of every event, so each event must arrive exactly twice: attempt 1 and attempt 2.
 * Only one door sweeps (expires requests) often, so the events themselves are made once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import t from 'tap';
import { jpegImage } from './fixtures.js';
import { NO_PIPELINE, STANDARD_KEYS, createKeys, httpCall, spawnServe } from './helper.js';
import { startReceiver } from './receiver.js';

const uri = process.env.IDV_TEST_MONGODB_URI;
const EVENTS = 8;

if (!uri) {
  t.plan(0, 'IDV_TEST_MONGODB_URI is not set: two front doors on one store need a MongoDB-wire server (`.ci/ferretdb.sh start` prints one)');
} else {
  t.test('two front doors on one MongoDB-wire store deliver each event once per attempt', async (t) => {
    const url = new URL(uri);
    url.pathname = `/idv_test_${randomUUID().replace(/-/g, '')}`;
    const env = {
      // Both doors must hold the store's master key; with none they would each make their own.
      IDV_DATA_KEY: randomBytes(32).toString('base64'),
      IDV_MONGODB_URI: url.toString(), IDV_WEBHOOK_ALLOW_PRIVATE: '1', IDV_WEBHOOK_RETRY_BASE_MS: '300',
      IDV_REQUEST_TTL_SECONDS: '1', IDV_SWEEP_INTERVAL_SECONDS: '1', IDV_LOG_LEVEL: 'debug',
    };
    const keys = await createKeys(env, STANDARD_KEYS);
    const doors = [await spawnServe(env, NO_PIPELINE), await spawnServe({ ...env, IDV_SWEEP_INTERVAL_SECONDS: '3600' }, NO_PIPELINE)];
    t.teardown(async () => {
      for (const door of doors) {
        door.child.kill('SIGTERM');
        await new Promise((resolve) => door.child.once('exit', resolve));
      }
      const { MongoStore } = await import('../../server/store/mongo.js');
      const store = new MongoStore(env.IDV_MONGODB_URI, { candidates: [Buffer.from(env.IDV_DATA_KEY, 'base64')], origin: 'IDV_DATA_KEY' });
      await store.init();
      await store.dropDatabase();
      await store.close();
    });
    const receiver = await startReceiver(t, { failFirstOfEachEvent: true });
    const registered = await httpCall(doors[0]!.url, 'POST', '/api/Webhooks', { key: keys.secretA, json: { url: receiver.url } });
    t.equal(registered.status, 201);
    const front = (await jpegImage()).toString('base64');
    for (let i = 0; i < EVENTS; i++) {
      const created = await httpCall(doors[i % 2]!.url, 'POST', '/api/Request', {
        key: keys.publicA, json: { documentType: 1, verifyFace: false, frontImageBase64: front, trackString: 'QA==' },
      });
      t.equal(created.status, 201);
    }
    await receiver.waitFor(2 * EVENTS, 20_000);
    // Give a double send, if there were one, time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const perEvent = new Map<string, number>();
    for (const got of receiver.received) perEvent.set(got.json.id, (perEvent.get(got.json.id) ?? 0) + 1);
    t.equal(perEvent.size, EVENTS, 'one event per expired request');
    t.same([...perEvent.values()], Array(EVENTS).fill(2), 'each event arrived twice: once per attempt, never doubled');
    const deliveries = await httpCall(doors[1]!.url, 'GET', `/api/Webhooks/${registered.body.id}/deliveries`, { key: keys.secretA });
    t.equal(deliveries.body.length, EVENTS);
    t.ok(deliveries.body.every((d: any) => d.state === 'delivered' && d.attempts === 2), 'every delivery took two attempts');
    // Which door wins each claim is a matter of timing (one may win them all on a busy
    // machine), so the doors' shares are only reported; their sum must be one line per attempt.
    const sent = doors.map((door) => door.stderr().split('"event":"webhook"').length - 1);
    t.comment(`attempts sent per door: ${sent.join(', ')}`);
    t.equal(sent[0]! + sent[1]!, 2 * EVENTS, 'each attempt logged once, by the door that made it');
  });
}
