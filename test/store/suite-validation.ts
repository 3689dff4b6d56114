/**
 * Store suite, part two: validation requests (the dashboard's invitations): listing with
 * locations, metadata filters and paging; link openings; attempts.
 */
import type { Test } from 'tap';
import { DocumentType, RequestStatus } from '../../common/document.js';
import type { Store, ValidationListQuery } from '../../server/store/store.js';
import { at, validationRecord, type MakeStore } from './records.js';

const { Pending, Success, Failed } = RequestStatus;

/** Keys and values that mean something to MongoDB, SQL or JSON paths; stored and matched literally. */
const TRICKY = {
  $where: 'sleep(1000)',
  'a.b': 'dotted',
  $gt: '',
  'quote"key': "it's",
  'back\\slash': '{"$gt": ""}',
  "'; DROP TABLE validation_requests; --": '$ne',
};

function list(store: Store, query: Partial<ValidationListQuery>) {
  return store.listValidationRequests({ accountId: 'account-a', locations: ['north', 'south'], metadata: {}, offset: 0, limit: 100, ...query });
}

const ids = (result: { items: { id: string }[] }) => result.items.map((item) => item.id);

export function validationSuite(t: Test, makeStore: MakeStore): void {
  t.test('a validation request round-trips with metadata whose keys look like operators', async (t) => {
    const { store } = await makeStore(t);
    const record = validationRecord({ metadata: TRICKY, phone: '+15550100', documentExpired: false });
    await store.insertValidationRequest(record);
    t.same(await store.getValidationRequest(record.id), record);
    t.equal(await store.getValidationRequest('no-such-request'), null);
  });

  t.test('listing shows the account and locations asked for, newest first, with the total', async (t) => {
    const { store } = await makeStore(t);
    const mine = [0, 1, 2, 3, 4].map((i) => validationRecord({ createdUtc: at(i * 1000), location: i % 2 ? 'north' : 'south' }));
    const others = [
      validationRecord({ accountId: 'account-b', createdUtc: at(9000) }),
      validationRecord({ location: 'west', createdUtc: at(9000) }),
    ];
    for (const r of [...others, ...mine]) await store.insertValidationRequest(r);
    const newestFirst = mine.map((r) => r.id).reverse();
    const all = await list(store, {});
    t.same(ids(all), newestFirst);
    t.equal(all.total, 5);
    const north = await list(store, { locations: ['north'] });
    t.same(ids(north), [mine[3]!.id, mine[1]!.id]);
    t.same(await list(store, { locations: [] }), { items: [], total: 0 }, 'no locations see nothing');
    t.same(await list(store, { accountId: 'account-c' }), { items: [], total: 0 });
  });

  t.test('paging takes offset and limit; the total counts every match', async (t) => {
    const { store } = await makeStore(t);
    const records = [0, 1, 2, 3, 4].map((i) => validationRecord({ createdUtc: at(i * 1000) }));
    // Two with the same time: the order between them is still stable across pages.
    records.push(validationRecord({ createdUtc: at(2000) }));
    for (const r of records) await store.insertValidationRequest(r);
    const everything = ids(await list(store, {}));
    const pages = [];
    for (let offset = 0; offset < 6; offset += 4) {
      const page = await list(store, { offset, limit: 4 });
      t.equal(page.total, 6, `total at offset ${offset}`);
      pages.push(...ids(page));
    }
    t.same(pages, everything, 'the pages together are the whole list in order');
    t.same(ids(await list(store, { offset: 1, limit: 2 })), everything.slice(1, 3));
    t.same(await list(store, { offset: 10, limit: 2 }), { items: [], total: 6 }, 'past the end: nothing, same total');
  });

  t.test('a metadata filter with several pairs matches requests that have every pair', async (t) => {
    const { store } = await makeStore(t);
    const both = validationRecord({ metadata: { customer: 'c-1', branch: 'b-7', extra: 'x' }, createdUtc: at(1) });
    const oneOnly = validationRecord({ metadata: { customer: 'c-1', branch: 'b-8' }, createdUtc: at(2) });
    const swapped = validationRecord({ metadata: { customer: 'b-7', branch: 'c-1' }, createdUtc: at(3) });
    const none = validationRecord({ createdUtc: at(4) });
    for (const r of [both, oneOnly, swapped, none]) await store.insertValidationRequest(r);
    const found = await list(store, { metadata: { customer: 'c-1', branch: 'b-7' } });
    t.same(ids(found), [both.id]);
    t.equal(found.total, 1);
    t.same(ids(await list(store, { metadata: { customer: 'c-1' } })), [oneOnly.id, both.id]);
    t.same(ids(await list(store, { metadata: { customer: 'C-1' } })), [], 'values match exactly');
    t.same(ids(await list(store, { metadata: { customer: 'c-1', missing: 'x' } })), []);
  });

  t.test('a status filter lists only that status, with metadata and paging', async (t) => {
    const { store } = await makeStore(t);
    const pending = validationRecord({ metadata: { desk: '1' }, createdUtc: at(1) });
    const success = validationRecord({ status: Success, completed: true, metadata: { desk: '1' }, createdUtc: at(2) });
    const failed = validationRecord({ status: Failed, metadata: { desk: '2' }, createdUtc: at(3) });
    const failedToo = validationRecord({ status: Failed, metadata: { desk: '1' }, createdUtc: at(4) });
    for (const r of [pending, success, failed, failedToo]) await store.insertValidationRequest(r);
    t.same(ids(await list(store, { status: Failed })), [failedToo.id, failed.id]);
    t.equal((await list(store, { status: Failed })).total, 2);
    t.same(ids(await list(store, { status: Pending })), [pending.id]);
    t.same(ids(await list(store, { status: Failed, metadata: { desk: '1' } })), [failedToo.id], 'and every metadata pair');
    t.same(await list(store, { status: Failed, offset: 1, limit: 5 }).then((r) => [ids(r), r.total]), [[failed.id], 2]);
    t.same(ids(await list(store, { status: null })), [failedToo.id, failed.id, success.id, pending.id], 'null: every status');
  });

  t.test('metadata keys like $where and a.b and values like $gt are matched literally', async (t) => {
    const { store } = await makeStore(t);
    const tricky = validationRecord({ metadata: TRICKY, createdUtc: at(1) });
    const nested = validationRecord({ metadata: { a: 'dotted' }, createdUtc: at(2) });
    const plain = validationRecord({ metadata: { where: 'sleep(1000)', gt: 'anything' }, createdUtc: at(3) });
    for (const r of [tricky, nested, plain]) await store.insertValidationRequest(r);
    for (const [key, value] of Object.entries(TRICKY)) {
      t.same(ids(await list(store, { metadata: { [key]: value } })), [tricky.id], `${key} = ${value}`);
    }
    t.same(ids(await list(store, { metadata: TRICKY })), [tricky.id], 'all of them at once');
    t.same(ids(await list(store, { metadata: { $where: 'true' } })), [], '$where is not run');
    t.same(ids(await list(store, { metadata: { $gt: 'anything' } })), [], '$gt is not a comparison');
    t.same(ids(await list(store, { metadata: { 'a.b': 'x' } })), [], 'a.b is not a path');
    t.same(ids(await list(store, { metadata: { gt: '{"$gt": ""}' } })), [], 'a value is not an operator');
  });

  t.test('recording a link opening counts each one', async (t) => {
    const { store, connect } = await makeStore(t);
    const other = await connect();
    const record = validationRecord();
    await store.insertValidationRequest(record);
    const updates = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => (i % 2 ? store : other).recordLinkOpened(record.id)));
    t.same(updates.map((u) => u?.openedLinkTimes).sort(), [1, 2, 3, 4, 5, 6], 'each opening sees its own count');
    t.equal((await store.getValidationRequest(record.id))?.openedLinkTimes, 6);
    t.equal(await store.recordLinkOpened('no-such-request'), null);
  });

  t.test('attempts: a failure counts, a success completes, and the first success stands', async (t) => {
    const { store } = await makeStore(t);
    const record = validationRecord();
    await store.insertValidationRequest(record);

    const failed = await store.recordAttempt(record.id, { responseId: 'r1', succeeded: false, documentExpired: true, documentType: DocumentType.ID });
    t.match(failed, { attemptsUsed: 1, lastResponseId: 'r1', successResponseId: null, completed: false, status: Failed, documentExpired: true });

    const succeeded = await store.recordAttempt(record.id, { responseId: 'r2', succeeded: true, documentExpired: false, documentType: DocumentType.ID });
    t.match(succeeded, { attemptsUsed: 2, lastResponseId: 'r2', successResponseId: 'r2', completed: true, status: Success, documentExpired: false });

    const after = await store.recordAttempt(record.id, { responseId: 'r3', succeeded: false, documentExpired: null, documentType: DocumentType.ID });
    t.match(after, { attemptsUsed: 3, lastResponseId: 'r3', successResponseId: 'r2', completed: true, status: Success, documentExpired: false });
    t.same(await store.getValidationRequest(record.id), after, 'the returned record is the stored one');
    t.same(after?.metadata, record.metadata);
    t.equal(await store.recordAttempt('no-such-request', { responseId: 'r4', succeeded: true, documentExpired: false, documentType: DocumentType.ID }), null);
  });

  t.test('concurrent attempts are all counted and one success completes', async (t) => {
    const { store, connect } = await makeStore(t);
    const other = await connect();
    const record = validationRecord({ status: Pending });
    await store.insertValidationRequest(record);
    await Promise.all([0, 1, 2, 3].map((i) =>
      (i % 2 ? store : other).recordAttempt(record.id, { responseId: `r${i}`, succeeded: i === 2, documentExpired: null, documentType: DocumentType.ID })));
    const read = await store.getValidationRequest(record.id);
    t.equal(read?.attemptsUsed, 4);
    t.equal(read?.completed, true);
    t.equal(read?.successResponseId, 'r2');
    t.equal(read?.status, Success);
  });
}
