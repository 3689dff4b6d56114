/**
 * The client's retries of 429 and 503 against real servers: the front door's own rate limiter
 * (one call a second per key), its real 503 when no pipeline answers, and a real local HTTP
 * server in front of it that answers 503 with Retry-After before passing calls on, as a
 * balancer does. Other statuses are never retried.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { createClient, parseRetryAfter } from '../../client/src/index.js';
import { jpegImage } from '../server/fixtures.js';
import { NO_PIPELINE, startServer, UNKNOWN_REQUEST, type ServerUnderTest } from '../server/helper.js';
import { clientOf, failure, recordingFetch, UUID } from './helper.js';

const UNKNOWN_ID = UNKNOWN_REQUEST.split('/').pop()!;

t.test('Retry-After is read as seconds or as an HTTP date', async (t) => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  t.equal(parseRetryAfter('5', now), 5);
  t.equal(parseRetryAfter(' 0 ', now), 0);
  t.equal(parseRetryAfter('Thu, 01 Jan 2026 12:00:30 GMT', now), 30);
  t.equal(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now), 0, 'a date past is now');
  t.equal(parseRetryAfter('soon', now), null);
  t.equal(parseRetryAfter(null, now), null);
});

/**
 * A real HTTP server in front of `server`: it answers the first `refusals` calls 503 with
 * `Retry-After: 1` and a plain-text body, and passes the others on. It counts what it got.
 */
async function flakyBalancer(t: Test, server: ServerUnderTest, refusals: number): Promise<{ url: string; calls: () => number }> {
  let calls = 0;
  const balancer = http.createServer((request, response) => {
    calls += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (calls <= refusals) {
        response.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain' }).end('upstream busy');
        return;
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const upstream = await fetch(server.url + request.url, { method: request.method, headers, body });
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => {
    balancer.closeAllConnections();
    balancer.close(() => resolve());
  }));
  return { url: `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`, calls: () => calls };
}

t.test('retries against the real front door', async (t) => {
  const server = await startServer(t, { env: { IDV_RATE_LIMIT_PER_SECOND: '1', IDV_RATE_LIMIT_BURST: '1' }, args: NO_PIPELINE });
  const { keys } = server;
  const front = (await jpegImage()).toString('base64');
  const content = { documentType: 1, verifyFace: false, frontImageBase64: front, trackString: 'QA==' };

  t.test('a 429 of the rate limiter is waited out and the call succeeds', async (t) => {
    const statuses: number[] = [];
    const app = clientOf(server, keys.publicA, { fetch: recordingFetch(statuses) });
    const created = await app.createRequest(content);
    await app.getRequest(created.requestId);
    // The call before took the one token a second; this one meets an empty bucket.
    statuses.length = 0;
    const started = Date.now();
    t.match(await app.getRequest(created.requestId), { requestId: created.requestId, statusName: 'Pending' });
    t.same(statuses, [429, 200], 'refused, then answered');
    t.ok(Date.now() - started >= 900, `after the Retry-After of 1 s (${Date.now() - started} ms)`);
  });

  t.test('with no retries the 429 is thrown with its code, Retry-After and traceId', async (t) => {
    const app = clientOf(server, keys.publicB, { retry: { retries: 0 } });
    t.match(await failure(app.getRequest(UNKNOWN_ID)), { status: 404 }, 'the one token of the second');
    const refused = await failure(app.getRequest(UNKNOWN_ID));
    t.match(refused, { name: 'IdvError', status: 429, code: 'TooManyRequests', retryAfterSeconds: 1 });
    t.match(refused.traceId, UUID);
  });

  t.test('a Retry-After beyond maxDelaySeconds is thrown at once, not waited for', async (t) => {
    const impatient = clientOf(server, keys.secretB, { retry: { retries: 3, maxDelaySeconds: 0 } });
    await failure(impatient.getRequest(UNKNOWN_ID));
    const started = Date.now();
    t.match(await failure(impatient.getRequest(UNKNOWN_ID)), { status: 429, retryAfterSeconds: 1 });
    t.ok(Date.now() - started < 900, `thrown at once (${Date.now() - started} ms)`);
  });

  t.test('the front door\'s 503 (no pipeline) is thrown once retries are spent', async (t) => {
    const started = Date.now();
    const unavailable = await failure(clientOf(server, keys.secretA, { retry: { maxDelaySeconds: 1 } }).verify(content));
    t.match(unavailable, { status: 503, code: 'ServiceUnavailable', retryAfterSeconds: 5 });
    t.match(unavailable.traceId, UUID);
    t.ok(Date.now() - started < 4000, 'its Retry-After of 5 s is beyond the client\'s 1 s: not waited for');
  });

  t.test('a balancer\'s 503 with Retry-After is retried; its plain body still gets a code', async (t) => {
    await new Promise((resolve) => setTimeout(resolve, 1100)); // secretA's bucket refills
    const balancer = await flakyBalancer(t, server, 2);
    const viaBalancer = createClient({ baseUrl: balancer.url, apiKey: keys.secretA });
    const started = Date.now();
    const error = await failure(viaBalancer.getRequest(UNKNOWN_ID));
    t.match(error, { status: 404, code: 'NotFound' }, 'the front door\'s answer, after two refusals');
    t.equal(balancer.calls(), 3, 'two 503s retried, the 404 not');
    t.ok(Date.now() - started >= 1900, `a second after each 503 (${Date.now() - started} ms)`);

    const once = await flakyBalancer(t, server, 1);
    const refused = await failure(createClient({ baseUrl: once.url, apiKey: keys.secretA, retry: { retries: 0 } }).getRequest(UNKNOWN_ID));
    t.match(refused, { status: 503, code: 'ServiceUnavailable', traceId: null, body: null, retryAfterSeconds: 1 });
    t.match(refused.message, /503/);
  });
});
