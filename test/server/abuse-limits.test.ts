/**
 * Abuse limits through the real front door: calls without a valid key limited per client address
 * (behind IDV_TRUSTED_PROXY, the rightmost X-Forwarded-For entry; loopback is never limited),
 * probes never; and a public key's cap of pending requests. The server needs no pipeline
 * (NO_PIPELINE). Without the proxy setting the peer counts: client-address.test.ts.
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { jpegImage } from './fixtures.js';
import { NO_PIPELINE, UNKNOWN_REQUEST, startServer, type ServerUnderTest } from './helper.js';

/** Headers of a call the trusted proxy forwarded from `client` (a client-sent `spoofed` entry before it). */
function via(client: string, spoofed?: string): Record<string, string> {
  return { 'x-forwarded-for': spoofed === undefined ? client : `${spoofed}, ${client}`, 'x-forwarded-proto': 'https' };
}

const statusOf = async (server: ServerUnderTest, path: string, headers: Record<string, string>, key?: string): Promise<number> =>
  (await server.call('GET', path, { headers, key })).status;

const FRONT = (await jpegImage()).toString('base64');

/** POST /api/Request of the two-step flow with `key` (`body`: this raw body instead). */
async function createRequest(server: ServerUnderTest, key: string, body?: string) {
  return server.call('POST', '/api/Request', {
    key, ...(body === undefined ? { json: { documentType: 1, verifyFace: false, frontImageBase64: FRONT, trackString: 'QA==' } } : {
      body, headers: { 'content-type': 'application/json' },
    }),
  });
}

/** Empties `client`'s bucket: concurrent calls without a key, more than its burst. */
async function exhaust(server: ServerUnderTest, client: string): Promise<number[]> {
  return Promise.all(Array.from({ length: 8 }, () => statusOf(server, UNKNOWN_REQUEST, via(client))));
}

t.test('behind a trusted proxy: calls without a valid key limited per forwarded address; a public key\'s pending cap', async (t) => {
  const server = await startServer(t, {
    args: [...NO_PIPELINE, '--public-key-max-pending', '2'],
    env: { IDV_TRUSTED_PROXY: '1', IDV_ADDRESS_RATE_LIMIT_PER_SECOND: '1', IDV_ADDRESS_RATE_LIMIT_BURST: '3', IDV_REQUEST_TTL_SECONDS: '3' },
  });
  const { keys } = server;
  // The first call also compiles the OpenAPI checker of the answers: a second or so, in which buckets refill.
  await statusOf(server, '/health', {});

  t.test('per address', async (t) => {
    const client = '203.0.113.7';
    t.same(await Promise.all([
      statusOf(server, UNKNOWN_REQUEST, via(client)),
      statusOf(server, UNKNOWN_REQUEST, via(client), 'sk_live_notakey'),
      statusOf(server, '/openapi.json', via(client)),
    ]), [401, 401, 200], 'no key, an unknown key and a keyless route each take a token');
    const refused = await server.call('GET', UNKNOWN_REQUEST, { headers: via(client) });
    t.equal(refused.status, 429, 'the fourth call of the address is over its burst of 3');
    t.equal(refused.headers.get('retry-after'), '1');
    t.same(Object.keys(refused.body).sort(), ['code', 'message', 'multipleErrors', 'propertyErrors', 'traceId'], 'the contract\'s error object');
    t.equal(refused.body.code, 'TooManyRequests');
    t.equal(refused.body.message, 'Too many requests without a valid API key from this address; retry after 1 s.');

    await exhaust(server, client);
    t.same(await Promise.all([
      statusOf(server, UNKNOWN_REQUEST, via(client, '198.51.100.1')),
      statusOf(server, '/openapi.json', via(client)),
      statusOf(server, '/dashboard', via(client)),
      statusOf(server, UNKNOWN_REQUEST, via(`::ffff:${client}`)),
    ]), [429, 429, 429, 429],
    'an entry the client put before the proxy\'s changes nothing; keyless routes and the dashboard page share the bucket; '
      + 'an IPv4-mapped IPv6 address is its IPv4 address');
    t.same(await Promise.all([
      statusOf(server, UNKNOWN_REQUEST, via(client), keys.secretA),
      statusOf(server, '/health', via(client)),
      statusOf(server, '/ready', via(client)),
      statusOf(server, UNKNOWN_REQUEST, via('203.0.113.8', client)),
    ]), [404, 200, 503, 401],
    'from that address a valid key is let through; liveness and readiness (not ready: no pipeline) are never limited; '
      + 'another address has its own bucket');

    const v6 = await exhaust(server, '2001:db8:1:2::1');
    t.ok(v6.includes(429), 'an IPv6 address is limited');
    t.equal(await statusOf(server, UNKNOWN_REQUEST, via('2001:db8:1:2:ffff:ffff:ffff:ffff')), 429, 'by its /64');
    t.equal(await statusOf(server, UNKNOWN_REQUEST, via('[2001:db8:1:3::1]:443')), 401, 'another /64 (bracketed, with a port) is another bucket');

    const loopback = await Promise.all(Array.from({ length: 10 }, () => statusOf(server, UNKNOWN_REQUEST, {})));
    t.same([...new Set(loopback)], [401], 'a loopback peer with nothing forwarded is this machine: not limited');

    await sleep(1100);
    t.equal(await statusOf(server, UNKNOWN_REQUEST, via(client)), 401, 'answered again after Retry-After');
  });

  t.test('pending requests per public key', async (t) => {
    t.equal((await createRequest(server, keys.publicA)).status, 201);
    t.equal((await createRequest(server, keys.publicA)).status, 201);
    const refused = await createRequest(server, keys.publicA);
    t.equal(refused.status, 429, 'the third pending request of the key is refused');
    t.equal(refused.body.code, 'TooManyRequests');
    t.match(refused.body.message, /^This public key holds 2 pending requests, the most it may; verify or wait for one to expire \(retry after [1-3] s\)\.$/);
    const wait = Number(refused.headers.get('retry-after'));
    t.ok(wait >= 1 && wait <= 3, `Retry-After ${wait} s: until its first pending request expires`);
    t.same(Object.keys(refused.body).sort(), ['code', 'message', 'multipleErrors', 'propertyErrors', 'traceId']);
    t.equal((await createRequest(server, keys.publicA, '{"not json')).status, 429, 'refused before the body is read');

    const concurrent = await Promise.all(Array.from({ length: 12 }, () => createRequest(server, keys.publicB)));
    t.same(concurrent.map((a) => a.status).sort(), [...Array(2).fill(201), ...Array(10).fill(429)],
      'concurrent creations of another key: exactly its cap stored');
    for (let i = 0; i < 3; i++) t.equal((await createRequest(server, keys.secretA)).status, 201, `secret key request ${i + 1}: not capped`);

    await sleep(wait * 1000 + 100);
    t.equal((await createRequest(server, keys.publicA)).status, 201, 'once its requests expired the key has room again');
  });
});
