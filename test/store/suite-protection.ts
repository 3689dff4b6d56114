/**
 * Store suite, part four: data protection. Erasure (a request, an invitation with its attempts),
 * the append-only audit trail, and master key rotation interrupted and resumed, on every store.
 */
import { randomBytes } from 'node:crypto';
import type { Test } from 'tap';
import { RequestStatus } from '../../common/document.js';
import { keyId } from '../../server/data-protection/envelope.js';
import { rotateMasterKey } from '../../server/data-protection/rotation.js';
import type { AuditEntry } from '../../server/store/store.js';
import { HOUR, T0, at, claimed, requestRecord, validationRecord, type MakeStore } from './records.js';

const { Pending, Success } = RequestStatus;

export function protectionSuite(t: Test, makeStore: MakeStore): void {
  t.test('an erased request keeps only its stub; a second erasure and a claim are refused', async (t) => {
    const { store } = await makeStore(t);
    const request = requestRecord({ status: Success, finishedAt: at(0), result: { document: { familyName: 'SAMPLE' } }, failureMessage: 'kept?' });
    await store.insertRequest(request);
    t.equal(await store.eraseRequest(request.id, at(5000)), true);
    const stub = await store.getRequest(request.id);
    t.same(stub, {
      ...request,
      content: { frontImage: null, backImage: null, faceImage: null, trackString: null, verifyFace: true },
      imagesDeleted: true, result: null, failureMessage: null, erasedAt: at(5000),
    }, 'id, account, type, status and times stay; every sealed field is gone');
    t.equal(await store.eraseRequest(request.id, at(6000)), false, 'erasing again changes nothing');
    t.same((await store.getRequest(request.id))?.erasedAt, at(5000));
    t.equal(await store.eraseRequest('no-such-request', at(6000)), false);

    const pending = requestRecord();
    await store.insertRequest(pending);
    await store.eraseRequest(pending.id, at(1000));
    t.same(await store.claimRequest(pending.id, at(2000), at(-HOUR)), { ok: false, reason: 'Erased' });
    t.equal(await store.expireDue(at(2 * HOUR)), 0, 'an erased pending request is not expired later (no event for it)');
  });

  t.test('a verification running when its request is erased cannot write its result back', async (t) => {
    const { store } = await makeStore(t);
    const request = await claimed(t, store, requestRecord());
    await store.eraseRequest(request.id, at(1500));
    await store.completeRequest(request.id, { document: { familyName: 'SAMPLE' } }, at(2000));
    await store.failRequest(request.id, 'OCRError', 'message', at(2000));
    const stub = await store.getRequest(request.id);
    t.equal(stub?.status, Pending);
    t.equal(stub?.result, null);
    t.equal(stub?.failureMessage, null);
  });

  t.test('erasing an invitation erases its attempts and leaves the list; other requests stay', async (t) => {
    const { store } = await makeStore(t);
    const invitation = validationRecord({ metadata: { case: '42' }, phone: '+15550100' });
    await store.insertValidationRequest(invitation);
    const attempt = requestRecord({ onboardingId: invitation.id });
    const unrelated = requestRecord();
    await store.insertRequest(attempt);
    await store.insertRequest(unrelated);
    const query = { accountId: 'account-a', locations: ['north'], metadata: { case: '42' }, offset: 0, limit: 10 };
    t.equal((await store.listValidationRequests(query)).total, 1, 'found by its metadata before');
    t.equal(await store.eraseValidationRequest(invitation.id, at(7000)), true);
    const stub = await store.getValidationRequest(invitation.id);
    t.same(stub, { ...invitation, firstName: null, lastName: null, phone: null, email: null, metadata: {}, erasedAt: at(7000) });
    t.same(await store.listValidationRequests({ ...query, metadata: {} }), { items: [], total: 0 }, 'not listed any more');
    t.same((await store.getRequest(attempt.id))?.erasedAt, at(7000), 'its attempt is erased with it');
    t.equal((await store.getRequest(attempt.id))?.content.frontImage, null);
    t.ok((await store.getRequest(unrelated.id))?.content.frontImage?.equals(unrelated.content.frontImage!), 'another request is untouched');
    t.equal(await store.eraseValidationRequest(invitation.id, at(8000)), false);
  });

  t.test('the audit trail lists an account\'s entries oldest first, from a time on', async (t) => {
    const { store } = await makeStore(t);
    const entry = (offset: number, accountId = 'account-a'): AuditEntry => ({
      at: at(offset), accountId, keyPrefix: 'sk_live_abcd', keyType: 'secret', action: 'content.read', requestId: `r${offset}`, traceId: `t${offset}`,
    });
    for (const e of [entry(3000), entry(1000), entry(2000, 'account-b'), entry(5000)]) await store.appendAudit(e);
    t.same(await store.listAudit('account-a', null), [entry(1000), entry(3000), entry(5000)]);
    t.same(await store.listAudit('account-a', at(3000)), [entry(3000), entry(5000)], 'since is inclusive');
    t.same(await store.listAudit('account-c', T0), []);
  });

  t.test('a rotation interrupted after one batch leaves both keys working; resumed, it completes', async (t) => {
    const { store, connect } = await makeStore(t);
    const requests = [0, 1, 2, 3, 4].map(() => requestRecord({ status: Success, finishedAt: at(0), result: { n: 1 } }));
    for (const request of requests) await store.insertRequest(request);
    const invitation = validationRecord({ metadata: { team: 'a' } });
    await store.insertValidationRequest(invitation);
    const next = randomBytes(32);
    await t.rejects(rotateMasterKey(store, next, {
      batchSize: 2,
      onBatch: () => {
        throw new Error('killed');
      },
    }), /killed/);
    const state = await store.readKeyRing();
    t.equal(state?.rotation?.to, keyId(next).toString('hex'), 'the state records the rotation under way');
    t.equal((await store.wrappedDataKeys(keyId(next).toString('hex'), 100)).length, 4, 'two of six records re-wrapped');

    const other = await connect();
    for (const request of requests) t.same((await other.getRequest(request.id))?.content, request.content, 'the old key still opens every record');
    const late = requestRecord();
    await other.insertRequest(late);
    t.equal((await store.wrappedDataKeys(keyId(next).toString('hex'), 100)).length, 4, 'a record written meanwhile goes under the new key');

    const outcome = await rotateMasterKey(store, next, { batchSize: 2 });
    t.same(outcome, { rewrapped: 4, resumed: true, current: keyId(next).toString('hex') });
    t.equal((await store.readKeyRing())?.rotation, null);
    t.same(await store.wrappedDataKeys(keyId(next).toString('hex'), 100), [], 'every data key under the new master key');
    for (const request of [...requests, late]) t.same((await other.getRequest(request.id))?.content, request.content, 'a process started with the old key reads on');
    await t.rejects(other.cipher.refresh(), { name: 'DataKeyError', message: /was retired by a key rotation; this store is sealed under master key/ },
      'but the old key opens the store no more');
    const renewed = await connect(next);
    for (const request of [...requests, late]) t.same((await renewed.getRequest(request.id))?.content, request.content, 'the new key opens everything');
    t.same((await renewed.listValidationRequests({ accountId: 'account-a', locations: ['north'], metadata: { team: 'a' }, offset: 0, limit: 10 })).total, 1,
      'the metadata filter still matches (its index key was re-wrapped, not changed)');
  });
}
