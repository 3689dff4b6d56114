/**
 * Security headers on every answer of the real server: successes, probes, metrics and every kind
 * of error; HSTS only when the request came over HTTPS (here: a trusted proxy saying so; the TLS
 * listener's own case is in transport.test.ts).
 */
import t from 'tap';
import { NO_PIPELINE, UNKNOWN_REQUEST, startServer } from './helper.js';
import { checkedFetch } from './openapi-conformance.js';

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
};

t.test('every answer carries the security headers', async (t) => {
  const server = await startServer(t, {
    // No pipeline (nothing listens on port 1): /ready answers 503, which is one more error to check.
    args: NO_PIPELINE,
    env: { IDV_TRUSTED_PROXY: '1', IDV_RATE_LIMIT_PER_SECOND: '1', IDV_RATE_LIMIT_BURST: '1' },
  });
  const { keys } = server;
  const cases: [string, () => Promise<Response>, number][] = [
    ['a probe', () => checkedFetch(`${server.url}/health`), 200],
    ['metrics', () => checkedFetch(`${server.url}/metrics`), 200],
    ['a created request', () => checkedFetch(`${server.url}/api/PublicOnboarding/Requests`, {
      method: 'POST', headers: { authorization: `Bearer ${keys.privateANorth}`, 'content-type': 'application/json' }, body: '{}',
    }), 201],
    ['401 Unauthorized', () => checkedFetch(`${server.url}${UNKNOWN_REQUEST}`), 401],
    ['404 NotFound of an unknown path', () => checkedFetch(`${server.url}/nothing/here`, {}, { outsideDocument: true }), 404],
    ['400 ValidationError', () => checkedFetch(`${server.url}/api/Verify`, {
      method: 'POST', headers: { authorization: `Bearer ${keys.secretA}`, 'content-type': 'application/json' }, body: '{"documentType":"x"}',
    }), 400],
    ['429 TooManyRequests', () => checkedFetch(`${server.url}${UNKNOWN_REQUEST}`, { headers: { authorization: `Bearer ${keys.secretA}` } }), 429],
    ['415 UnsupportedMediaType', () => checkedFetch(`${server.url}/api/Request`, {
      method: 'POST', headers: { authorization: `Bearer ${keys.publicA}`, 'content-type': 'text/plain' }, body: 'x',
    }), 415],
    ['503 ServiceUnavailable', () => checkedFetch(`${server.url}/ready`), 503],
  ];
  for (const [name, send, status] of cases) {
    const answer = await send();
    await answer.arrayBuffer();
    t.equal(answer.status, status, `${name}: status`);
    for (const [header, value] of Object.entries(EXPECTED)) t.equal(answer.headers.get(header), value, `${name}: ${header}`);
    t.equal(answer.headers.get('strict-transport-security'), null, `${name}: no HSTS over plain HTTP`);
  }

  const viaProxy = await checkedFetch(`${server.url}/health`, { headers: { 'x-forwarded-proto': 'https' } });
  t.equal(viaProxy.headers.get('strict-transport-security'), 'max-age=31536000', 'HSTS when the trusted proxy says https');
  t.equal(viaProxy.headers.get('x-content-type-options'), 'nosniff');
});
