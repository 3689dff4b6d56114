/**
 * Store suite, part five: the pending requests of a key (the public key's cap, pending-cap.ts):
 * what counts as pending, and an insert that refuses atomically at the cap, across connections.
 */
import type { Test } from 'tap';
import { RequestStatus } from '../../common/document.js';
import { HOUR, at, claimed, requestRecord, type MakeStore } from './records.js';

const KEY = 'a'.repeat(64);
const OTHER_KEY = 'b'.repeat(64);

export function pendingSuite(t: Test, makeStore: MakeStore): void {
  t.test('a key\'s pending requests: Pending, before the deadline, not erased, its own', async (t) => {
    const { store } = await makeStore(t);
    t.same(await store.pendingRequests(KEY, at(0)), { count: 0, firstExpiry: null });
    await store.insertRequest(requestRecord({ createdByKey: KEY, expiresAt: at(3 * HOUR) }));
    await store.insertRequest(requestRecord({ createdByKey: KEY, expiresAt: at(2 * HOUR) }));
    await store.insertRequest(requestRecord({ createdByKey: KEY, expiresAt: at(1000) }));
    const done = await claimed(t, store, requestRecord({ createdByKey: KEY }));
    await store.completeRequest(done.id, { documentType: 1 }, at(2000));
    const erased = requestRecord({ createdByKey: KEY });
    await store.insertRequest(erased);
    await store.eraseRequest(erased.id, at(10));
    await store.insertRequest(requestRecord({ createdByKey: OTHER_KEY }));
    await store.insertRequest(requestRecord({ createdByKey: null }));
    t.same(await store.pendingRequests(KEY, at(0)), { count: 3, firstExpiry: at(1000) }, 'a verified and an erased one do not count');
    t.same(await store.pendingRequests(KEY, at(1000)), { count: 2, firstExpiry: at(2 * HOUR) },
      'one past its deadline no longer counts, whether or not the sweeper ran');
    t.same(await store.pendingRequests(OTHER_KEY, at(0)), { count: 1, firstExpiry: at(HOUR) });
  });

  t.test('an insert with a cap is refused, and stores nothing, once the key holds that many', async (t) => {
    const { store } = await makeStore(t);
    const first = requestRecord({ createdByKey: KEY });
    t.equal(await store.insertRequest(first, 2), true);
    t.equal(await store.insertRequest(requestRecord({ createdByKey: KEY }), 2), true);
    const third = requestRecord({ createdByKey: KEY });
    t.equal(await store.insertRequest(third, 2), false, 'the third is refused');
    t.equal(await store.getRequest(third.id), null, 'and not stored');
    t.equal(await store.insertRequest(requestRecord({ createdByKey: OTHER_KEY }), 2), true, 'another key has its own count');
    t.equal(await store.insertRequest(requestRecord({ createdByKey: KEY })), true, 'without a cap nothing is counted');
    const done = await store.claimRequest(first.id, at(1000), at(-HOUR));
    t.ok(done.ok);
    await store.failRequest(first.id, 'OCRError', 'no text', at(2000));
    t.equal(await store.insertRequest(requestRecord({ createdByKey: KEY }), 2), false, 'the failed one left, two are still pending');
    t.equal(await store.insertRequest(requestRecord({ createdByKey: KEY, created: at(HOUR) }), 2), true,
      'once they are past their deadline there is room again');
    t.equal((await store.getRequest(first.id))?.status, RequestStatus.Failed);
  });

  t.test('concurrent capped inserts on two connections never pass the cap', async (t) => {
    const { store, connect } = await makeStore(t);
    const other = await connect();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      (i % 2 === 0 ? store : other).insertRequest(requestRecord({ createdByKey: KEY }), 5)));
    const stored = results.filter(Boolean).length;
    t.ok(stored >= 1 && stored <= 5, `${stored} of 12 stored`);
    t.equal((await store.pendingRequests(KEY, at(0))).count, stored, 'exactly the ones that resolved true are stored');
  });
}
