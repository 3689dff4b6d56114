/**
 * The dashboard interface through real HTTP: creating validation requests (JSON and form bodies),
 * the list with metadata filters and paging, location and account scopes, operator-looking
 * metadata keys, the opened link, and attempts that run real verifications.
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { jpegImage, licenceBody, licenceFields } from './fixtures.js';
import { NEEDS_SHARED_DATA, startServer } from './helper.js';

const BASE = '/api/PublicOnboarding/Requests';
const ITEM_KEYS = [
  'validationRequestId', 'firstName', 'lastName', 'phone', 'email', 'openedLinkTimes', 'createdUtc', 'completed',
  'status', 'statusName', 'lastResponseId', 'successResponseId', 'attemptsUsed', 'documentExpired', 'metadata',
];

t.test('the dashboard interface', async (t) => {
  const server = await startServer(t);
  const { keys } = server;
  const create = (key: string, json: unknown) => server.call('POST', BASE, { key, json });
  const list = async (key: string, query = '') => server.call('GET', `${BASE}${query}`, { key });

  t.test('a private key creates a validation request: 201, Location and the list item', async (t) => {
    const answer = await create(keys.privateA, {
      firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 0000 0000', email: 'ada@example.org', location: 'south',
      metadata: { customer: 'c-1', plan: 'gold' },
    });
    t.equal(answer.status, 201);
    t.same(Object.keys(answer.body), ITEM_KEYS, 'exactly the contract\'s fields, in its order');
    t.match(answer.body, {
      firstName: 'Ada', lastName: 'Lovelace', openedLinkTimes: 0, completed: false, status: 0, statusName: 'Pending',
      lastResponseId: null, successResponseId: null, attemptsUsed: 0, documentExpired: null, metadata: { customer: 'c-1', plan: 'gold' },
    });
    t.match(answer.body.createdUtc, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/, 'UTC without a zone suffix');
    t.equal(answer.headers.get('location'), `${BASE}/${answer.body.validationRequestId}`);
    const one = await server.call('GET', `${BASE}/${answer.body.validationRequestId}`, { key: keys.privateA });
    t.same(one.body, answer.body);
  });

  t.test('a form-encoded body with metadata[key]=value is accepted', async (t) => {
    const answer = await server.call('POST', BASE, {
      key: keys.privateA,
      body: 'firstName=Grace&lastName=Hopper&location=north&metadata%5Bcustomer%5D=c-2&metadata%5Bplan%5D=gold',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    t.equal(answer.status, 201);
    t.same(answer.body.metadata, { customer: 'c-2', plan: 'gold' });
    t.equal(answer.body.firstName, 'Grace');
  });

  t.test('a key with one location may leave location out', async (t) => {
    for (const [customer, plan] of [['c-3', 'silver'], ['c-4', 'gold'], ['c-5', 'silver']]) {
      // Distinct creation times keep the newest-first order unambiguous.
      await sleep(5);
      const answer = await create(keys.privateANorth, { firstName: customer, metadata: { customer, plan } });
      t.equal(answer.status, 201);
    }
  });

  t.test('the list is newest first with X-Total-Count, filtered by every metadata pair', async (t) => {
    const all = await list(keys.privateA);
    t.equal(all.status, 200);
    t.equal(all.headers.get('x-total-count'), '5');
    t.same(all.body.map((item: { metadata: { customer: string } }) => item.metadata.customer), ['c-5', 'c-4', 'c-3', 'c-2', 'c-1']);
    const gold = await list(keys.privateA, '?metadata%5Bplan%5D=gold');
    t.same(gold.body.map((item: { firstName: string }) => item.firstName), ['c-4', 'Grace', 'Ada']);
    const pair = await list(keys.privateA, '?metadata[plan]=gold&metadata[customer]=c-2');
    t.same(pair.body.map((item: { firstName: string }) => item.firstName), ['Grace'], 'both pairs must match');
    t.equal(pair.headers.get('x-total-count'), '1');
    const json = await list(keys.privateA, `?metadata=${encodeURIComponent(JSON.stringify({ plan: 'silver', customer: 'c-3' }))}`);
    t.same(json.body.map((item: { firstName: string }) => item.firstName), ['c-3'], 'metadata as JSON');
    const none = await list(keys.privateA, '?metadata[plan]=platinum');
    t.same(none.body, []);
    t.equal(none.headers.get('x-total-count'), '0');
  });

  t.test('offset and limit page the list; X-Total-Count stays the total', async (t) => {
    const page = await list(keys.privateA, '?offset=1&limit=2');
    t.equal(page.headers.get('x-total-count'), '5');
    t.same(page.body.map((item: { firstName: string }) => item.firstName), ['c-4', 'c-3']);
    const last = await list(keys.privateA, '?offset=4&limit=2');
    t.same(last.body.map((item: { firstName: string }) => item.firstName), ['Ada']);
    const pending = await list(keys.privateA, '?status=Pending&limit=2');
    t.equal(pending.headers.get('x-total-count'), '5', 'status: all are pending');
    t.same((await list(keys.privateA, '?status=1')).body, [], 'none succeeded');
    for (const query of ['?limit=0', '?limit=1001', '?offset=-1', '?limit=ten', '?status=9', '?status=done']) {
      const bad = await list(keys.privateA, query);
      t.equal(bad.status, 400, query);
      t.equal(bad.body.code, 'BadRequest');
    }
  });

  t.test('a key sees only its account\'s requests at its locations', async (t) => {
    const north = await list(keys.privateANorth);
    t.equal(north.headers.get('x-total-count'), '4', 'north only: not Ada in south');
    const other = await list(keys.privateB);
    t.same(other.body, [], 'another account sees none');
    const ada = (await list(keys.privateA, '?metadata[customer]=c-1')).body[0].validationRequestId;
    t.equal((await server.call('GET', `${BASE}/${ada}`, { key: keys.privateANorth })).status, 404);
    t.equal((await server.call('GET', `${BASE}/${ada}`, { key: keys.privateB })).status, 404);
    t.equal((await server.call('POST', `${BASE}/${ada}/opened`, { key: keys.privateB })).status, 404);
    const elsewhere = await create(keys.privateANorth, { location: 'south' });
    t.equal(elsewhere.status, 403, 'creating at a location the key is not bound to');
    t.equal(elsewhere.body.code, 'Forbidden');
    const unnamed = await create(keys.privateA, {});
    t.equal(unnamed.status, 400, 'a key with two locations must name one');
    t.ok(unnamed.body.propertyErrors.location);
  });

  t.test('verification keys cannot use the dashboard, and no key is 401', async (t) => {
    for (const key of [keys.publicA, keys.secretA]) {
      const answer = await list(key);
      t.equal(answer.status, 403);
      t.equal(answer.body.code, 'Forbidden');
    }
    const anonymous = await server.call('GET', BASE);
    t.equal(anonymous.status, 401);
    t.equal(anonymous.body.code, 'Unauthorized');
  });

  t.test('metadata keys like $where and a.b are refused and nothing is written', async (t) => {
    for (const metadata of [{ $where: 'sleep(1000)' }, { 'a.b': 'x' }, { ok: 'x', $gt: '' }, { n: 5 }]) {
      const answer = await create(keys.privateA, { location: 'north', metadata });
      t.equal(answer.status, 400, JSON.stringify(metadata));
      t.equal(answer.body.code, 'BadRequest');
      t.ok(Object.keys(answer.body.propertyErrors).every((name) => name.startsWith('metadata.')));
    }
    const form = await server.call('POST', BASE, {
      key: keys.privateA, body: 'location=north&metadata%5B%24where%5D=1', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    t.equal(form.status, 400);
    for (const query of ['?metadata[$where]=1', '?metadata[a.b]=1', `?metadata=${encodeURIComponent('{"$ne":"x"}')}`, '?metadata=notjson']) {
      const answer = await list(keys.privateA, query);
      t.equal(answer.status, 400, query);
      t.equal(answer.body.code, 'BadRequest');
    }
    t.equal((await list(keys.privateA)).headers.get('x-total-count'), '5', 'nothing was written');
  });

  t.test('bad create bodies answer BadRequest or 415', async (t) => {
    const types = await create(keys.privateA, { location: 'north', firstName: 42, email: 'not-an-address' });
    t.equal(types.body.code, 'BadRequest');
    t.same(Object.keys(types.body.propertyErrors).sort(), ['email', 'firstName']);
    const text = await server.call('POST', BASE, { key: keys.privateA, body: 'hi', headers: { 'content-type': 'text/plain' } });
    t.equal(text.status, 415);
    t.equal((await list(keys.privateA)).headers.get('x-total-count'), '5', 'nothing was written');
  });

  t.test('opening the link counts', async (t) => {
    const item = (await create(keys.privateANorth, { metadata: { customer: 'c-6' } })).body;
    const path = `${BASE}/${item.validationRequestId}/opened`;
    t.equal((await server.call('POST', path, { key: keys.privateANorth })).body.openedLinkTimes, 1);
    t.equal((await server.call('POST', path, { key: keys.privateANorth })).body.openedLinkTimes, 2);
  });

  t.test('attempts run real verifications and update the validation request', { skip: NEEDS_SHARED_DATA }, async (t) => {
    const item = (await create(keys.privateANorth, { metadata: { customer: 'c-7' } })).body;
    const path = `${BASE}/${item.validationRequestId}/attempts`;

    const bad = await server.call('POST', path, { key: keys.privateANorth, json: { documentType: 1 } });
    t.equal(bad.body.code, 'MultipleErrors', 'an invalid body is no attempt');

    const failed = await server.call('POST', path, {
      key: keys.privateANorth,
      json: { documentType: 1, frontImageBase64: (await jpegImage()).toString('base64'), trackString: Buffer.from('nonsense').toString('base64') },
    });
    t.equal(failed.status, 200);
    t.match(failed.body, { succeeded: false, verificationResult: null, failureCode: 'TrackStringParserError' });
    t.match(failed.body.validationRequest, { attemptsUsed: 1, lastResponseId: failed.body.responseId, successResponseId: null, completed: false });
    const stored = await server.call('GET', `/api/Request/${failed.body.responseId}/result`, { key: keys.secretA });
    t.equal(stored.body.failureCode, 'TrackStringParserError', 'the attempt is a verification request of the account');

    const read = await server.call('POST', path, { key: keys.privateANorth, json: await licenceBody() });
    t.equal(read.status, 200);
    t.equal(read.body.verificationResult.machineReadable.document.familyName, (await licenceFields()).familyName);
    const verdict = read.body.verificationResult.documentVerificationResult.status;
    t.equal(read.body.succeeded, verdict === 0, 'an attempt succeeds when the verdict is OK');
    t.match(read.body.validationRequest, { attemptsUsed: 2, lastResponseId: read.body.responseId, documentExpired: verdict === 2 });
    const listed = await list(keys.privateANorth, '?metadata[customer]=c-7');
    t.same(listed.body[0], read.body.validationRequest);
  });
});
