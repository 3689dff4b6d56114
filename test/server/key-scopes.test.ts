/**
 * The scope table of decisions.md and docs/api.md, cell by cell, through real HTTP: every
 * endpoint of the verification and dashboard interfaces against every kind of key — account A's
 * public, secret and private keys, a private key of A's that lacks the location of A's invitation, account B's three
 * keys, a revoked key of each type, an unknown well-formed key of each type, no key and a
 * malformed header.
 *
 *   no, unknown, revoked key, malformed header   401 Unauthorized (WWW-Authenticate: Bearer)
 *   a key of the wrong type                      403 Forbidden
 *   another account's (or location's) resource   404 NotFound, exactly as a missing one (api.md's choice)
 *   the right key                                the endpoint's own answer
 *
 * The pipeline is absent on purpose: an admitted verification answers 503, which no refusal
 * does. A's request is past its checking time, so its status, content and result all answer 200
 * and verifying it answers RequestExpired: the only 404s in the table are scope refusals.
 */
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../server/config.js';
import { hashKey } from '../../server/keys.js';
import { openStore } from '../../server/store/index.js';
import { jpegImage } from './fixtures.js';
import { ACCOUNT_A, NO_PIPELINE, createKeys, startServer, type Answer } from './helper.js';

type Caller =
  | 'publicA' | 'secretA' | 'privateA' | 'privateANorth'
  | 'publicB' | 'secretB' | 'privateB'
  | 'revokedPublic' | 'revokedSecret' | 'revokedPrivate'
  | 'unknownPublic' | 'unknownSecret' | 'unknownPrivate'
  | 'missing' | 'malformed';

const CALLERS: readonly Caller[] = [
  'publicA', 'secretA', 'privateA', 'privateANorth', 'publicB', 'secretB', 'privateB',
  'revokedPublic', 'revokedSecret', 'revokedPrivate', 'unknownPublic', 'unknownSecret', 'unknownPrivate', 'missing', 'malformed',
];
const UNAUTHENTICATED: readonly Caller[] = ['revokedPublic', 'revokedSecret', 'revokedPrivate', 'unknownPublic', 'unknownSecret', 'unknownPrivate', 'missing', 'malformed'];

/** An expected answer: a status, and the error code for error statuses. */
type Outcome = readonly [status: number, code?: string];
const UNAUTHORIZED: Outcome = [401, 'Unauthorized'];
const FORBIDDEN: Outcome = [403, 'Forbidden'];
const NOT_FOUND: Outcome = [404, 'NotFound'];
const ADMITTED_TO_PIPELINE: Outcome = [503, 'ServiceUnavailable'];

interface Endpoint {
  name: string;
  method: string;
  path: (ids: { request: string; invitation: string }) => string;
  body?: 'content' | 'invitation';
  /** Expected outcome per authenticated caller; every unauthenticated one is 401. */
  expect: Record<Exclude<Caller, (typeof UNAUTHENTICATED)[number]>, Outcome>;
}

const VERIFY_KEYS_ONLY = { privateA: FORBIDDEN, privateANorth: FORBIDDEN, privateB: FORBIDDEN } as const;
const DASHBOARD_ONLY = { publicA: FORBIDDEN, secretA: FORBIDDEN, publicB: FORBIDDEN, secretB: FORBIDDEN } as const;
const ONBOARDING = '/api/PublicOnboarding/Requests';

const ENDPOINTS: readonly Endpoint[] = [
  { name: 'POST /api/Request', method: 'POST', path: () => '/api/Request', body: 'content',
    expect: { publicA: [201], secretA: [201], publicB: [201], secretB: [201], ...VERIFY_KEYS_ONLY } },
  { name: 'POST /api/Verify', method: 'POST', path: () => '/api/Verify', body: 'content',
    expect: { publicA: FORBIDDEN, secretA: ADMITTED_TO_PIPELINE, publicB: FORBIDDEN, secretB: ADMITTED_TO_PIPELINE, ...VERIFY_KEYS_ONLY } },
  { name: 'POST /api/Verify/{id}', method: 'POST', path: ({ request }) => `/api/Verify/${request}`,
    expect: { publicA: FORBIDDEN, secretA: [400, 'RequestExpired'], publicB: FORBIDDEN, secretB: NOT_FOUND, ...VERIFY_KEYS_ONLY } },
  { name: 'GET /api/Request/{id}', method: 'GET', path: ({ request }) => `/api/Request/${request}`,
    expect: { publicA: [200], secretA: [200], publicB: NOT_FOUND, secretB: NOT_FOUND, ...VERIFY_KEYS_ONLY } },
  { name: 'GET /api/Request/{id}/content', method: 'GET', path: ({ request }) => `/api/Request/${request}/content`,
    expect: { publicA: FORBIDDEN, secretA: [200], publicB: FORBIDDEN, secretB: NOT_FOUND, ...VERIFY_KEYS_ONLY } },
  { name: 'GET /api/Request/{id}/result', method: 'GET', path: ({ request }) => `/api/Request/${request}/result`,
    expect: { publicA: FORBIDDEN, secretA: [200], publicB: FORBIDDEN, secretB: NOT_FOUND, ...VERIFY_KEYS_ONLY } },
  { name: 'GET /api/PublicOnboarding/Requests', method: 'GET', path: () => ONBOARDING,
    expect: { privateA: [200], privateANorth: [200], privateB: [200], ...DASHBOARD_ONLY } },
  { name: 'POST /api/PublicOnboarding/Requests', method: 'POST', path: () => ONBOARDING, body: 'invitation',
    // The body names north: a key without it may not create there.
    expect: { privateA: [201], privateANorth: [201], privateB: [201], ...DASHBOARD_ONLY } },
  { name: 'GET /api/PublicOnboarding/Requests/{id}', method: 'GET', path: ({ invitation }) => `${ONBOARDING}/${invitation}`,
    expect: { privateA: [200], privateANorth: NOT_FOUND, privateB: NOT_FOUND, ...DASHBOARD_ONLY } },
  { name: 'POST /api/PublicOnboarding/Requests/{id}/opened', method: 'POST', path: ({ invitation }) => `${ONBOARDING}/${invitation}/opened`,
    expect: { privateA: [200], privateANorth: NOT_FOUND, privateB: NOT_FOUND, ...DASHBOARD_ONLY } },
  { name: 'POST /api/PublicOnboarding/Requests/{id}/attempts', method: 'POST', path: ({ invitation }) => `${ONBOARDING}/${invitation}/attempts`, body: 'content',
    expect: { privateA: ADMITTED_TO_PIPELINE, privateANorth: NOT_FOUND, privateB: NOT_FOUND, ...DASHBOARD_ONLY } },
];

t.test('every endpoint answers every kind of key as the scope table says', async (t) => {
  const server = await startServer(t, { args: NO_PIPELINE, env: { IDV_REQUEST_TTL_SECONDS: '2', IDV_SWEEP_INTERVAL_SECONDS: '3600' } });
  const extra = await createKeys(server.env, {
    revokedPublic: { type: 'public', accountId: ACCOUNT_A },
    revokedSecret: { type: 'secret', accountId: ACCOUNT_A },
    revokedPrivate: { type: 'private', accountId: ACCOUNT_A, locations: ['north', 'south'] },
  });
  const store = await openStore(loadConfig(server.env));
  for (const key of [extra.revokedPublic, extra.revokedSecret, extra.revokedPrivate]) t.ok(await store.revokeKey(hashKey(key), new Date()));
  await store.close();

  const random = (prefix: string): string => prefix + randomBytes(32).toString('base64url');
  const keys: Record<Caller, string | undefined> = {
    ...server.keys, ...extra,
    unknownPublic: random('pk_'), unknownSecret: random('sk_'), unknownPrivate: random('prk_'),
    missing: undefined, malformed: undefined,
  };
  const content = { documentType: 2, frontImageBase64: (await jpegImage(64, 48)).toString('base64') };
  const created = await server.call('POST', '/api/Request', { key: server.keys.secretA, json: content });
  const invitation = await server.call('POST', ONBOARDING, { key: server.keys.privateA, json: { location: 'south' } });
  t.equal(created.status, 201);
  t.equal(invitation.status, 201);
  const ids = { request: created.body.requestId as string, invitation: invitation.body.validationRequestId as string };
  await sleep(2_500); // A's request is now past its checking time.

  const call = (endpoint: Endpoint, caller: Caller): Promise<Answer> => {
    const headers: Record<string, string> = caller === 'malformed' ? { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } : {};
    const json = endpoint.body === 'content' ? content : endpoint.body === 'invitation' ? { location: 'north' } : undefined;
    return server.call(endpoint.method, endpoint.path(ids), { key: keys[caller], json, headers });
  };

  for (const endpoint of ENDPOINTS) {
    t.test(endpoint.name, async (t) => {
      for (const caller of CALLERS) {
        const [status, code] = (endpoint.expect as Record<string, Outcome>)[caller] ?? UNAUTHORIZED;
        const answer = await call(endpoint, caller);
        t.equal(answer.status, status, `${caller}: ${status}${code ? ` ${code}` : ''}`);
        if (code !== undefined) {
          t.equal(answer.body?.code, code, `${caller}: ${code}`);
          t.equal(answer.body?.traceId, answer.headers.get('x-trace-id'), `${caller}: the contract's error object`);
        }
        if (status === 401) t.equal(answer.headers.get('www-authenticate'), 'Bearer', `${caller}: WWW-Authenticate`);
      }
    });
  }

  t.test('what an admitted key of another account sees holds nothing of account A', async (t) => {
    const listB = await server.call('GET', ONBOARDING, { key: server.keys.privateB });
    t.notOk(JSON.stringify(listB.body).includes(ids.invitation), 'B\'s list does not hold A\'s invitation');
    const listSouthless = await server.call('GET', ONBOARDING, { key: keys.privateANorth });
    t.notOk(JSON.stringify(listSouthless.body).includes(ids.invitation), 'nor does the list of A\'s key without its location');
    const refused = await server.call('GET', `/api/Request/${ids.request}`, { key: server.keys.secretB });
    const missing = await server.call('GET', '/api/Request/8c7e2a4e-1111-4222-8333-944444444444', { key: server.keys.secretB });
    t.same({ ...refused.body, traceId: null }, { ...missing.body, traceId: null }, 'another account\'s request reads exactly as a missing one');
  });

  t.test('the refused calls changed nothing of A\'s', async (t) => {
    const item = await server.call('GET', `${ONBOARDING}/${ids.invitation}`, { key: server.keys.privateA });
    t.equal(item.body.openedLinkTimes, 1, 'opened once: by A\'s own key, by none of the refused ones');
    t.equal(item.body.attemptsUsed, 0);
    const status = await server.call('GET', `/api/Request/${ids.request}`, { key: server.keys.secretA });
    t.equal(status.body.statusName, 'Expired');
  });
});
