/**
 * Hostile JSON bodies (and malformed JSON text) against every endpoint of the front door that
 * reads one: POST /api/Verify, POST /api/Request, POST /api/Verify/{id} (which takes none, so
 * hostile ids and returnContent too), and the dashboard's create and attempt endpoints. Each is
 * refused with a coded 4xx, the server keeps running, and the store holds nothing new.
 */
import t from 'tap';
import fc from 'fast-check';
import { jpegImage } from '../server/fixtures.js';
import { expectAlive, expectRefusal, startHostileServer, storedCounts } from './harness.js';

const CONTENT_CODES = ['ValidationError', 'FrontImageRequiredError', 'BackImageOrTrackStringNotPresentError', 'MultipleErrors'];
const CONTENT_FIELDS = ['documentType', 'verifyFace', 'frontImageBase64', 'backOrSecondImageBase64', 'faceImageBase64', 'trackString'];
const ONBOARDING = '/api/PublicOnboarding/Requests';

/** Keys a hostile client tries: the content's own, prototype pollution, and operator look-alikes. */
const hostileKey = fc.oneof(
  fc.constantFrom(...CONTENT_FIELDS, '__proto__', 'constructor', 'prototype', '$where', 'a.b', 'metadata', 'location'),
  fc.string({ maxLength: 12 }),
);
/** Anything JSON can hold, with the content's fields among the keys. */
const hostileObject = fc.dictionary(hostileKey, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 });
/** A body: a hostile object, any JSON value, or text that may not be JSON at all. */
const hostileBody = fc.oneof(
  hostileObject.map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '', '{', '{"documentType":1,', '\u0000', '{"a":1}{"b":2}', 'NaN', '[]', '{"__proto__":{"polluted":true}}',
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`, `{"documentType":${'9'.repeat(400)}}`, '"\\ud800"',
  ),
);
/** Path ids: anything but the dot segments, which the client resolves away before sending. */
const hostileId = fc.string({ minLength: 1, maxLength: 40 }).filter((id) => id !== '.' && id !== '..');
const hostileQuery = fc.oneof(fc.constantFrom('yes', 'TRUE ', '2', '-1', 'null', '[]', 'true&returnContent=false'), fc.string({ maxLength: 20 }));

t.test('hostile bodies are refused with coded 4xx answers and nothing is stored', async (t) => {
  const server = await startHostileServer(t);
  const { keys } = server;
  const pid = server.pid();
  const front = (await jpegImage(64, 48)).toString('base64');
  // One request and one invitation made properly, for the endpoints that need an id.
  const pending = await server.call('POST', '/api/Request', { key: keys.publicA, json: { documentType: 2, frontImageBase64: front } });
  t.equal(pending.status, 201);
  const invitation = await server.call('POST', ONBOARDING, { key: keys.privateA, json: { location: 'north' } });
  t.equal(invitation.status, 201);
  const invitationPath = `${ONBOARDING}/${invitation.body.validationRequestId}`;
  const json = { 'content-type': 'application/json' };

  t.test('POST /api/Verify and POST /api/Request refuse every hostile body', async (t) => {
    await fc.assert(fc.asyncProperty(hostileBody, async (body) => {
      expectRefusal(await server.call('POST', '/api/Request', { key: keys.publicA, body, headers: json }), CONTENT_CODES);
      expectRefusal(await server.call('POST', '/api/Verify', { key: keys.secretA, body, headers: json }), CONTENT_CODES);
    }), { numRuns: 60 });
    t.pass('60 bodies, each refused by both endpoints');
  });

  t.test('hostile fields beside a valid front and back are refused the same way', async (t) => {
    // A valid image in place keeps the other fields' checks in play (the MultipleErrors path).
    await fc.assert(fc.asyncProperty(hostileObject, fc.constantFrom('frontImageBase64', 'backOrSecondImageBase64'), async (fields, keep) => {
      const body = { ...fields, [keep]: front };
      expectRefusal(await server.call('POST', '/api/Request', { key: keys.secretA, json: body }), CONTENT_CODES);
    }), { numRuns: 40 });
    t.pass('40 bodies refused');
  });

  t.test('POST /api/Verify/{id} refuses hostile ids, returnContent values and bodies', async (t) => {
    await fc.assert(fc.asyncProperty(hostileId, hostileQuery, hostileBody, async (id, returnContent, body) => {
      const unknown = await server.call('POST', `/api/Verify/${encodeURIComponent(id)}`, { key: keys.secretA, body, headers: json });
      expectRefusal(unknown, ['NotFound']);
      const query = `?returnContent=${encodeURIComponent(returnContent)}`;
      // The accepted spellings would run the check (503 here: no pipeline); only the others are hostile.
      if (['', 'true', 'false', '1', '0'].includes(returnContent.trim().toLowerCase())) return;
      const known = await server.call('POST', `/api/Verify/${pending.body.requestId}${query}`, { key: keys.secretA, body, headers: json });
      expectRefusal(known, ['ValidationError']);
    }), { numRuns: 40 });
    const status = await server.call('GET', `/api/Request/${pending.body.requestId}`, { key: keys.secretA });
    t.equal(status.body.status, 0, 'the request stays Pending: no refused call claimed it');
  });

  t.test('dashboard create and attempt endpoints refuse hostile JSON and form bodies', async (t) => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await fc.assert(fc.asyncProperty(hostileBody, fc.boolean(), async (body, asForm) => {
      const headers = asForm ? form : json;
      // A key of two locations must name one: no hostile body can be a valid invitation.
      expectRefusal(await server.call('POST', ONBOARDING, { key: keys.privateA, body, headers }), ['BadRequest', 'Forbidden']);
      expectRefusal(await server.call('POST', `${invitationPath}/attempts`, { key: keys.privateA, body, headers: json }), CONTENT_CODES);
    }), { numRuns: 40 });
    const after = await server.call('GET', invitationPath, { key: keys.privateA });
    t.equal(after.body.attemptsUsed, 0, 'no refused attempt was counted');
    t.equal(after.body.lastResponseId, null);
  });

  t.test('hostile list queries answer 200 or a coded 400', async (t) => {
    const name = fc.oneof(fc.constantFrom('metadata', 'offset', 'limit', 'metadata[plan]', 'metadata[$where]', 'metadata[]', 'metadata[a][b]'), fc.string({ maxLength: 10 }));
    const pairs = fc.array(fc.tuple(name, fc.oneof(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)))), { maxLength: 4 });
    await fc.assert(fc.asyncProperty(pairs, async (query) => {
      const answer = await server.call('GET', `${ONBOARDING}?${new URLSearchParams(query).toString()}`, { key: keys.privateA });
      if (answer.status !== 200) expectRefusal(answer, ['BadRequest']);
      else if (!Array.isArray(answer.body)) throw new Error(`200 without an array: ${JSON.stringify(answer.body)}`);
    }), { numRuns: 40 });
    t.pass('40 queries answered');
  });

  t.test('the server survived and the store holds only the two records made properly', async (t) => {
    await expectAlive(t, server, pid);
    t.same(await storedCounts(server), { requests: 1, invitations: 1 });
  });
});
