/**
 * Store suite, part three: webhooks. Each state change writes its event in the same write (the
 * outbox), relaying fans it out once per subscribed endpoint however often it runs, and an
 * attempt is claimed by one of several concurrent senders.
 */
import { randomUUID } from 'node:crypto';
import type { Test } from 'tap';
import { DocumentType } from '../../common/document.js';
import type { Store, WebhookEndpointRecord } from '../../server/store/store.js';
import { MAX_ATTEMPTS } from '../../server/webhooks/schedule.js';
import { HOUR, T0, at, claimed, requestRecord, validationRecord, type MakeStore } from './records.js';

function endpointRecord(overrides: Partial<WebhookEndpointRecord> = {}): WebhookEndpointRecord {
  return {
    id: randomUUID(), accountId: 'account-a', url: 'https://hooks.example.com/idv',
    events: ['verification.completed', 'verification.failed', 'request.expired', 'onboarding.completed'],
    secret: 'whsec_test', createdAt: T0, ...overrides,
  };
}

/** Relays everything and returns the payloads of every pending delivery of `endpointId`, parsed. */
async function bodies(store: Store, endpointId: string): Promise<any[]> {
  await store.relayWebhookEvents(100);
  return (await store.listWebhookDeliveries(endpointId, 100)).map((d) => JSON.parse(d.payload));
}

export function webhookSuite(t: Test, makeStore: MakeStore): void {
  t.test('webhook endpoints are stored with their secret, listed per account and deleted', async (t) => {
    const { store } = await makeStore(t);
    const first = endpointRecord({ createdAt: at(-1000) });
    const second = endpointRecord({ events: ['request.expired'] });
    await store.insertWebhookEndpoint(second);
    await store.insertWebhookEndpoint(first);
    await store.insertWebhookEndpoint(endpointRecord({ accountId: 'account-b' }));
    t.same(await store.getWebhookEndpoint(second.id), second);
    t.same((await store.listWebhookEndpoints('account-a')).map((e) => e.id), [first.id, second.id], 'oldest first, own account only');
    t.equal(await store.deleteWebhookEndpoint(first.id), true);
    t.equal(await store.deleteWebhookEndpoint(first.id), false, 'a second delete finds nothing');
    t.equal(await store.getWebhookEndpoint(first.id), null);
  });

  t.test('completing, failing and expiring requests each write one event, fanned out to subscribed endpoints once', async (t) => {
    const { store } = await makeStore(t);
    const all = endpointRecord();
    const expiredOnly = endpointRecord({ events: ['request.expired'] });
    const other = endpointRecord({ accountId: 'account-b' });
    for (const e of [all, expiredOnly, other]) await store.insertWebhookEndpoint(e);

    const ok = await claimed(t, store, requestRecord());
    await store.completeRequest(ok.id, { documentType: 1, documentVerificationResult: { status: 3 }, faceVerificationResult: { confidence: 81.5 }, document: { fullName: 'ADA' } }, at(2000));
    const bad = await claimed(t, store, requestRecord({ documentType: DocumentType.Passport }));
    await store.failRequest(bad.id, 'MRZOCRError', 'MRZ cannot be captured', at(3000));
    const late = requestRecord({ expiresAt: at(-1) });
    await store.insertRequest(late);
    t.equal(await store.expireDue(at(4000)), 1);
    const claimedLate = requestRecord({ expiresAt: at(-1) });
    await store.insertRequest(claimedLate);
    t.same(await store.claimRequest(claimedLate.id, at(5000), at(-HOUR)), { ok: false, reason: 'Expired' });
    // A completion that does not happen (already final) writes no event.
    await store.completeRequest(ok.id, { documentType: 1 }, at(6000));

    const sent = await bodies(store, all.id);
    t.equal(await store.relayWebhookEvents(100), 0, 'the outbox is empty after a relay');
    t.equal((await bodies(store, all.id)).length, 4, 'a second relay adds nothing');
    const byRequest = new Map(sent.map((b) => [b.data.requestId, b]));
    t.same(byRequest.get(ok.id).data, { requestId: ok.id, documentType: 1, status: 1, statusName: 'Success', documentStatus: 3, faceConfidence: 81.5 },
      'ids and outcomes only: no document field');
    t.equal(byRequest.get(ok.id).type, 'verification.completed');
    t.equal(byRequest.get(ok.id).created, at(2000).toISOString());
    t.same(byRequest.get(bad.id).data, { requestId: bad.id, documentType: 2, status: 2, statusName: 'Failed', code: 'MRZOCRError' });
    t.equal(byRequest.get(late.id).type, 'request.expired');
    t.same(byRequest.get(claimedLate.id).data, { requestId: claimedLate.id, documentType: 1, status: 3, statusName: 'Expired' });
    t.equal(new Set(sent.map((b) => b.id)).size, 4, 'every event has its own id');
    t.same((await bodies(store, expiredOnly.id)).map((b) => b.type), ['request.expired', 'request.expired'], 'only the subscribed type');
    t.same(await bodies(store, other.id), [], 'another account\'s endpoint gets nothing');
  });

  t.test('the attempt that completes an invitation writes onboarding.completed, once', async (t) => {
    const { store } = await makeStore(t);
    const endpoint = endpointRecord();
    await store.insertWebhookEndpoint(endpoint);
    const invitation = validationRecord();
    await store.insertValidationRequest(invitation);
    await store.recordAttempt(invitation.id, { responseId: 'r1', succeeded: false, documentExpired: null, documentType: DocumentType.ID });
    await store.recordAttempt(invitation.id, { responseId: 'r2', succeeded: true, documentExpired: false, documentType: DocumentType.Passport });
    await store.recordAttempt(invitation.id, { responseId: 'r3', succeeded: true, documentExpired: false, documentType: DocumentType.ID });
    const sent = await bodies(store, endpoint.id);
    t.equal(sent.length, 1);
    t.equal(sent[0].type, 'onboarding.completed');
    t.same(sent[0].data, { requestId: 'r2', documentType: 2, status: 1, statusName: 'Success', documentStatus: 0, validationRequestId: invitation.id });
  });

  t.test('one of two concurrent claims of an attempt wins; attempts are recorded in order', async (t) => {
    const { store, connect } = await makeStore(t);
    const other = await connect();
    const endpoint = endpointRecord();
    await store.insertWebhookEndpoint(endpoint);
    t.equal(await store.oldestPendingWebhook(), null);
    const request = await claimed(t, store, requestRecord());
    await store.failRequest(request.id, 'OCRError', 'no text', at(2000));
    t.same(await store.oldestPendingWebhook(), at(2000), 'an unrelayed event counts as pending');
    await store.relayWebhookEvents(100);
    const [due] = await store.dueWebhookDeliveries(at(2000), 10);
    t.ok(due, 'the first attempt is due at once');
    t.same(await store.dueWebhookDeliveries(at(1999), 10), [], 'not before the event');
    const claims = await Promise.all([store, other, store, other].map((s) => s.claimWebhookAttempt(due!.id, 1, due!.nextAttemptAt!, at(2001), 30_000)));
    t.equal(claims.filter(Boolean).length, 1, 'exactly one claim wins');
    t.equal(await store.claimWebhookAttempt(due!.id, 1, due!.nextAttemptAt!, at(2001 + 31_000), 30_000), true, 'a stale claim is taken over');
    await store.recordWebhookAttempt(due!.id, 1, {
      state: 'pending', at: at(2500), statusCode: 500, error: 'answered HTTP 500', nextAttemptAt: at(12_500), sentAt: at(2010), durationMs: 490,
    });
    await other.recordWebhookAttempt(due!.id, 1, {
      state: 'delivered', at: at(2600), statusCode: 200, error: null, nextAttemptAt: null, sentAt: at(2020), durationMs: 580,
    });
    let [listed] = await store.listWebhookDeliveries(endpoint.id, 10);
    t.match(listed, { attempts: 1, state: 'pending', lastStatusCode: 500, nextAttemptAt: at(12_500) }, 'a second record of the same attempt is ignored');
    t.same(listed!.attemptLog, [{ attempt: 1, at: at(2010), statusCode: 500, error: 'answered HTTP 500', durationMs: 490 }], 'and so is its log entry');
    t.same(await store.dueWebhookDeliveries(at(12_000), 10), [], 'not due before its retry time');
    t.equal(await store.claimWebhookAttempt(due!.id, 1, due!.nextAttemptAt!, at(12_500), 30_000), false, 'a finished attempt cannot be claimed');
    t.equal(await store.claimWebhookAttempt(due!.id, 2, at(12_500), at(12_500), 30_000), true);
    await store.recordWebhookAttempt(due!.id, 2, {
      state: 'delivered', at: at(13_000), statusCode: 204, error: null, nextAttemptAt: null, sentAt: at(12_600), durationMs: 400,
    });
    [listed] = await store.listWebhookDeliveries(endpoint.id, 10);
    t.match(listed, { attempts: 2, state: 'delivered', lastStatusCode: 204, lastError: null, nextAttemptAt: null });
    t.same(listed!.attemptLog, [
      { attempt: 2, at: at(12_600), statusCode: 204, error: null, durationMs: 400 },
      { attempt: 1, at: at(2010), statusCode: 500, error: 'answered HTTP 500', durationMs: 490 },
    ], 'every attempt, newest first');
    t.equal(await store.oldestPendingWebhook(), null, 'nothing pending once delivered');
    t.equal(await store.deleteWebhookEndpoint(endpoint.id), true);
    t.same(await store.listWebhookDeliveries(endpoint.id, 10), [], 'an endpoint\'s deliveries go with it');
  });

  t.test('a delivery\'s attempt log keeps the newest attempts the retry schedule can make, per delivery', async (t) => {
    const { store } = await makeStore(t);
    const endpoint = endpointRecord();
    await store.insertWebhookEndpoint(endpoint);
    for (let i = 0; i < 2; i++) {
      const request = await claimed(t, store, requestRecord());
      await store.failRequest(request.id, 'OCRError', 'no text', at(2000 + i));
    }
    await store.relayWebhookEvents(100);
    const [first, second] = await store.dueWebhookDeliveries(at(5000), 10);
    const attempts = MAX_ATTEMPTS + 3;
    for (let n = 1; n <= attempts; n++) {
      const errors = n % 2 === 0 ? { statusCode: 503, error: 'answered HTTP 503' } : { statusCode: null, error: 'ECONNREFUSED' };
      await store.recordWebhookAttempt(first!.id, n, {
        state: n === attempts ? 'abandoned' : 'pending', at: at(10_000 * n + 5), ...errors,
        nextAttemptAt: n === attempts ? null : at(10_000 * (n + 1)),
        sentAt: at(10_000 * n), durationMs: 5,
      });
    }
    await store.recordWebhookAttempt(second!.id, 1, {
      state: 'delivered', at: at(3000), statusCode: 200, error: null, nextAttemptAt: null, sentAt: at(2990), durationMs: 10,
    });
    const listed = new Map((await store.listWebhookDeliveries(endpoint.id, 10)).map((d) => [d.id, d]));
    const log = listed.get(first!.id)!.attemptLog;
    t.equal(MAX_ATTEMPTS, 9, 'the schedule makes at most 9 attempts in its 24 h');
    t.same(log.map((a) => a.attempt), Array.from({ length: MAX_ATTEMPTS }, (_, i) => attempts - i), 'the newest 9, newest first');
    t.same(log[0], { attempt: attempts, at: at(10_000 * attempts), statusCode: 503, error: 'answered HTTP 503', durationMs: 5 });
    t.same(log[1], { attempt: attempts - 1, at: at(10_000 * (attempts - 1)), statusCode: null, error: 'ECONNREFUSED', durationMs: 5 });
    t.same(listed.get(second!.id)!.attemptLog, [{ attempt: 1, at: at(2990), statusCode: 200, error: null, durationMs: 10 }], 'another delivery has its own log');
    t.same((await store.dueWebhookDeliveries(at(10_000_000), 10)), [], 'neither is due any more');
  });
}
