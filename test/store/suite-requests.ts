/**
 * Store suite, part one: keys and verification requests (claims, outcomes, expiry, retention).
 */
import type { Test } from 'tap';
import { RequestStatus } from '../../common/document.js';
import { HOUR, T0, at, claimed, keyRecord, requestRecord, type MakeStore } from './records.js';

const { Pending, Success, Failed, Expired } = RequestStatus;

export function keySuite(t: Test, makeStore: MakeStore): void {
  t.test('init is idempotent and ping answers', async (t) => {
    const { store } = await makeStore(t);
    await store.init();
    await store.ping();
    t.pass('a second init and a ping succeed');
  });

  t.test('keys are found by hash and listed oldest first', async (t) => {
    const { store } = await makeStore(t);
    const older = keyRecord({ type: 'private', locations: ['north', 'south'], createdAt: at(-1000) });
    const newer = keyRecord({ type: 'public', accountId: 'account-b' });
    await store.insertKey(newer);
    await store.insertKey(older);
    t.same(await store.findKeyByHash(older.hash), older);
    t.equal(await store.findKeyByHash('0'.repeat(64)), null, 'an unknown hash finds nothing');
    t.same((await store.listKeys()).map((k) => k.hash), [older.hash, newer.hash]);
  });

  t.test('a second key with the same hash is refused', async (t) => {
    const { store } = await makeStore(t);
    const key = keyRecord();
    await store.insertKey(key);
    await t.rejects(store.insertKey({ ...key, accountId: 'account-b' }));
    t.equal((await store.findKeyByHash(key.hash))?.accountId, 'account-a', 'the first key stays');
  });

  t.test('revoking a key records the first revocation time; an unknown key is reported', async (t) => {
    const { store } = await makeStore(t);
    const key = keyRecord();
    await store.insertKey(key);
    t.equal(await store.revokeKey(key.hash, at(5000)), true);
    t.equal(await store.revokeKey(key.hash, at(9000)), true, 'revoking again still finds the key');
    t.same((await store.findKeyByHash(key.hash))?.revokedAt, at(5000));
    t.equal(await store.revokeKey('f'.repeat(64), at(5000)), false);
  });
}

export function requestSuite(t: Test, makeStore: MakeStore): void {
  t.test('a request round-trips with its images, track string and dates', async (t) => {
    const { store } = await makeStore(t);
    const request = requestRecord({ content: { ...requestRecord().content, backImage: null, faceImage: null, verifyFace: false } });
    await store.insertRequest(request);
    const read = await store.getRequest(request.id);
    t.same(read, request);
    t.ok(read?.content.frontImage?.equals(request.content.frontImage!), 'the image bytes are identical');
    t.equal(await store.getRequest('no-such-request'), null);
  });

  t.test('a claim succeeds once; a second claim is InProgress; an unknown id is NotFound', async (t) => {
    const { store } = await makeStore(t);
    const request = await claimed(t, store, requestRecord());
    t.same(request.claimedAt, at(1000));
    t.same(await store.claimRequest(request.id, at(2000), at(-HOUR)), { ok: false, reason: 'InProgress' });
    t.same(await store.claimRequest('no-such-request', at(2000), at(-HOUR)), { ok: false, reason: 'NotFound' });
  });

  t.test('two concurrent claims of one request: exactly one wins', async (t) => {
    const { store, connect } = await makeStore(t);
    const other = await connect();
    for (const [name, second] of [['one connection', store], ['two connections', other]] as const) {
      const request = requestRecord();
      await store.insertRequest(request);
      const outcomes = await Promise.all([
        store.claimRequest(request.id, at(1000), at(-HOUR)),
        second.claimRequest(request.id, at(1000), at(-HOUR)),
      ]);
      t.equal(outcomes.filter((o) => o.ok).length, 1, `${name}: one claim wins`);
      t.same(outcomes.find((o) => !o.ok), { ok: false, reason: 'InProgress' }, `${name}: the other is InProgress`);
    }
  });

  t.test('a stale claim is taken over; a fresh one is not', async (t) => {
    const { store } = await makeStore(t);
    const request = await claimed(t, store, requestRecord(), at(1000));
    t.same(await store.claimRequest(request.id, at(5000), at(1000)), { ok: false, reason: 'InProgress' }, 'a claim at staleBefore is not stale');
    const outcome = await store.claimRequest(request.id, at(5000), at(1001));
    t.equal(outcome.ok, true, 'a claim older than staleBefore is taken over');
    if (outcome.ok) t.same(outcome.request.claimedAt, at(5000));
  });

  t.test('a released claim leaves the request pending and claimable', async (t) => {
    const { store } = await makeStore(t);
    const request = await claimed(t, store, requestRecord());
    await store.releaseClaim(request.id);
    const read = await store.getRequest(request.id);
    t.equal(read?.status, Pending);
    t.equal(read?.claimedAt, null);
    t.equal((await store.claimRequest(request.id, at(2000), at(-HOUR))).ok, true);
  });

  t.test('completing a claimed request keeps its result; later claims are AlreadyProcessed', async (t) => {
    const { store } = await makeStore(t);
    const request = await claimed(t, store, requestRecord());
    const result = { documentVerificationResult: { status: 0, statusString: 'OK' }, document: { id: 'D123' } };
    await store.completeRequest(request.id, result, at(3000));
    const read = await store.getRequest(request.id);
    t.equal(read?.status, Success);
    t.same(read?.result, result);
    t.same(read?.finishedAt, at(3000));
    t.equal(read?.claimedAt, null);
    t.ok(read?.content.frontImage, 'images stay until retention ends');
    t.same(await store.claimRequest(request.id, at(4000), at(HOUR)), { ok: false, reason: 'AlreadyProcessed' });
  });

  t.test('failing a claimed request keeps its code and message', async (t) => {
    const { store } = await makeStore(t);
    const request = await claimed(t, store, requestRecord());
    await store.failRequest(request.id, 'OCRError', 'no text found', at(3000));
    const read = await store.getRequest(request.id);
    t.equal(read?.status, Failed);
    t.equal(read?.failureCode, 'OCRError');
    t.equal(read?.failureMessage, 'no text found');
    t.equal(read?.result, null);
    t.same(await store.claimRequest(request.id, at(4000), at(HOUR)), { ok: false, reason: 'AlreadyProcessed' });
  });

  t.test('final states are final: outcomes need a live claim before the deadline', async (t) => {
    const { store } = await makeStore(t);
    const unclaimed = requestRecord();
    await store.insertRequest(unclaimed);
    await store.completeRequest(unclaimed.id, { a: 1 }, at(2000));
    t.equal((await store.getRequest(unclaimed.id))?.status, Pending, 'an unclaimed request is not completed');

    const done = await claimed(t, store, requestRecord());
    await store.failRequest(done.id, 'OCRError', 'first', at(2000));
    await store.completeRequest(done.id, { a: 1 }, at(3000));
    await store.releaseClaim(done.id);
    const read = await store.getRequest(done.id);
    t.equal(read?.status, Failed, 'a second outcome changes nothing');
    t.equal(read?.failureMessage, 'first');

    const late = await claimed(t, store, requestRecord({ expiresAt: at(5000) }), at(1000));
    await store.completeRequest(late.id, { a: 1 }, at(5000));
    t.equal((await store.getRequest(late.id))?.status, Pending, 'an outcome after the deadline is not recorded');
  });

  t.test('a claim past the deadline expires the request and deletes its images', async (t) => {
    const { store } = await makeStore(t);
    const request = requestRecord({ expiresAt: at(1000) });
    await store.insertRequest(request);
    t.same(await store.claimRequest(request.id, at(1000), at(-HOUR)), { ok: false, reason: 'Expired' }, 'due at the deadline');
    const read = await store.getRequest(request.id);
    t.equal(read?.status, Expired);
    t.equal(read?.imagesDeleted, true);
    t.same([read?.content.frontImage, read?.content.backImage, read?.content.faceImage], [null, null, null]);
    t.equal(read?.content.trackString, request.content.trackString, 'the track string stays');
    t.equal(read?.content.verifyFace, true);
    t.ok(read?.finishedAt, 'the expiry time is recorded');
    t.same(await store.claimRequest(request.id, at(2000), at(-HOUR)), { ok: false, reason: 'Expired' }, 'and stays expired');
  });

  t.test('expireDue expires overdue pending requests only, deleting their images', async (t) => {
    const { store } = await makeStore(t);
    const overdue = [requestRecord({ expiresAt: at(1000) }), requestRecord({ expiresAt: at(2000), claimedAt: at(500) })];
    const fresh = requestRecord({ expiresAt: at(HOUR) });
    const finished = requestRecord({ expiresAt: at(1000), status: Success, finishedAt: at(500), result: { a: 1 } });
    for (const r of [...overdue, fresh, finished]) await store.insertRequest(r);
    t.equal(await store.expireDue(at(2000)), 2);
    for (const r of overdue) {
      const read = await store.getRequest(r.id);
      t.equal(read?.status, Expired);
      t.equal(read?.content.frontImage, null);
      t.equal(read?.imagesDeleted, true);
    }
    t.equal((await store.getRequest(fresh.id))?.status, Pending);
    t.ok((await store.getRequest(finished.id))?.content.frontImage, 'a finished request keeps its images');
    t.equal(await store.expireDue(at(2000)), 0, 'a second pass finds nothing');
  });

  t.test('purgeImages deletes the images of requests finished before the cutoff and keeps results', async (t) => {
    const { store } = await makeStore(t);
    const old = requestRecord({ status: Success, finishedAt: at(1000), result: { kept: true } });
    const oldFailed = requestRecord({ status: Failed, finishedAt: at(1500), failureCode: 'OCRError', failureMessage: 'x' });
    const recent = requestRecord({ status: Success, finishedAt: at(3000), result: { kept: true } });
    const pending = requestRecord({ created: at(-HOUR), expiresAt: at(HOUR) });
    for (const r of [old, oldFailed, recent, pending]) await store.insertRequest(r);
    t.equal(await store.purgeImages(at(2000)), 2);
    const read = await store.getRequest(old.id);
    t.same([read?.content.frontImage, read?.content.backImage, read?.content.faceImage], [null, null, null]);
    t.equal(read?.imagesDeleted, true);
    t.same(read?.result, { kept: true }, 'the result stays');
    t.equal(read?.status, Success);
    t.equal((await store.getRequest(oldFailed.id))?.failureMessage, 'x');
    t.ok((await store.getRequest(recent.id))?.content.frontImage, 'a recent request keeps its images');
    t.ok((await store.getRequest(pending.id))?.content.frontImage, 'a pending request keeps its images');
    t.equal(await store.purgeImages(at(2000)), 0, 'a second pass finds nothing');
  });

  t.test('a request written on one connection is read on another', async (t) => {
    const { store, connect } = await makeStore(t);
    const request = requestRecord({ created: T0 });
    await store.insertRequest(request);
    t.same(await (await connect()).getRequest(request.id), request);
  });
}
