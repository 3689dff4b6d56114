/**
 * Per-key rate limiting: the token bucket on its own (a hand-turned clock), then through the real
 * server: 429 TooManyRequests with Retry-After and the contract's error object, per key, and the
 * settings reaching it (default burst, 0 = off). These servers need no pipeline, so they point
 * `--pipeline` at a port where nothing listens instead of starting one.
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRateLimiter } from '../../server/rate-limit.js';
import { NO_PIPELINE, UNKNOWN_REQUEST, startServer } from './helper.js';

t.test('a bucket gives its burst at once, then refills at the rate', async (t) => {
  let now = 0;
  const limiter = createRateLimiter({ perSecond: 2, burst: 3, now: () => now });
  for (let i = 0; i < 3; i++) t.same(limiter.take('a'), { allowed: true }, `burst token ${i + 1}`);
  t.same(limiter.take('a'), { allowed: false, retryAfterSeconds: 1 }, 'empty: one token is half a second away, said as 1 s');
  t.same(limiter.take('b'), { allowed: true }, 'another key has its own bucket');
  now = 499;
  t.equal(limiter.take('a').allowed, false, 'not yet a whole token');
  now = 500;
  t.same(limiter.take('a'), { allowed: true }, 'one token after 1/rate seconds');
  t.equal(limiter.take('a').allowed, false);
  now = 100_000;
  for (let i = 0; i < 3; i++) t.equal(limiter.take('a').allowed, true, 'refilled up to the burst');
  t.equal(limiter.take('a').allowed, false, 'and not beyond it');
});

t.test('Retry-After is the whole seconds until the next token', async (t) => {
  let now = 0;
  const limiter = createRateLimiter({ perSecond: 0.25, burst: 1, now: () => now });
  limiter.take('k');
  t.same(limiter.take('k'), { allowed: false, retryAfterSeconds: 4 }, 'a token every 4 s');
  for (let i = 0; i < 5; i++) limiter.take('k');
  t.same(limiter.take('k'), { allowed: false, retryAfterSeconds: 4 }, 'refused calls take nothing, so the wait does not grow');
  now = 1_000;
  t.same(limiter.take('k'), { allowed: false, retryAfterSeconds: 3 }, 'a quarter refilled: 3 s to go');
  now = 3_100;
  t.same(limiter.take('k'), { allowed: false, retryAfterSeconds: 1 }, 'rounded up, never 0');
  now = 4_000;
  t.same(limiter.take('k'), { allowed: true });
});

t.test('a rate of 0 never limits', async (t) => {
  const limiter = createRateLimiter({ perSecond: 0, burst: 1, now: () => 0 });
  for (let i = 0; i < 1000; i++) {
    if (!limiter.take('k').allowed) t.fail(`refused call ${i + 1}`);
  }
  t.pass('1000 calls in no time all allowed');
});

t.test('idle buckets are forgotten once there are many, and start full again', async (t) => {
  let now = 0;
  const limiter = createRateLimiter({ perSecond: 1, burst: 1, now: () => now });
  t.equal(limiter.take('first').allowed, true);
  t.equal(limiter.take('first').allowed, false);
  for (let i = 0; i < 10_000; i++) limiter.take(`key-${i}`);
  t.equal(limiter.size(), 10_001, 'busy buckets are all kept');
  now = 5_000;
  t.equal(limiter.take('another').allowed, true);
  t.equal(limiter.size(), 1, 'a new key past 10,000 swept every refilled bucket');
  t.equal(limiter.take('first').allowed, true, 'a forgotten key starts with a full bucket');
  t.equal(limiter.take('first').allowed, false);
  t.equal(createRateLimiter({ perSecond: 0, burst: 1 }).size(), 0, 'a disabled limiter keeps nothing');
});

t.test('over its rate, a key gets 429 TooManyRequests with Retry-After; other keys do not', async (t) => {
  const server = await startServer(t, { args: NO_PIPELINE, env: { IDV_RATE_LIMIT_PER_SECOND: '1', IDV_RATE_LIMIT_BURST: '3' } });
  const { keys } = server;
  for (let i = 0; i < 3; i++) {
    t.equal((await server.call('GET', UNKNOWN_REQUEST, { key: keys.secretA })).status, 404, `call ${i + 1} is within the burst`);
  }
  const refused = await server.call('GET', UNKNOWN_REQUEST, { key: keys.secretA });
  t.equal(refused.status, 429);
  t.equal(refused.headers.get('retry-after'), '1');
  t.same(Object.keys(refused.body).sort(), ['code', 'message', 'multipleErrors', 'propertyErrors', 'traceId'], 'the contract\'s error object');
  t.equal(refused.body.code, 'TooManyRequests');
  t.match(refused.body.message, /^Too many requests for this API key; retry after 1 s\.$/);
  t.equal(refused.headers.get('x-trace-id'), refused.body.traceId);

  t.equal((await server.call('POST', '/api/Verify', { key: keys.secretA, json: { documentType: 1 } })).status, 429,
    'a limited key is refused before its body is looked at');
  t.equal((await server.call('GET', UNKNOWN_REQUEST, { key: keys.secretB })).status, 404, 'another key of another account is unaffected');
  t.equal((await server.call('GET', UNKNOWN_REQUEST, { key: keys.publicA })).status, 404, 'keys are limited one by one, not by account');
  t.equal((await server.call('GET', UNKNOWN_REQUEST)).status, 401, 'no key: 401, not a bucket');
  t.equal((await server.call('GET', '/health')).status, 200, 'probes are not limited');

  await sleep(1_000 * Number(refused.headers.get('retry-after')) + 50);
  t.equal((await server.call('GET', UNKNOWN_REQUEST, { key: keys.secretA })).status, 404, 'answered again after Retry-After');
});

/** Fires `count` calls of one key at once; returns the statuses. */
async function flood(server: Awaited<ReturnType<typeof startServer>>, count: number): Promise<number[]> {
  const calls = Array.from({ length: count }, () => server.call('GET', UNKNOWN_REQUEST, { key: server.keys.secretA }));
  return (await Promise.all(calls)).map((answer) => answer.status);
}

t.test('the default burst lets 100 calls of a key through at once', async (t) => {
  // A slow refill (1/s) so that what passes is the burst, whatever the speed of this machine.
  const server = await startServer(t, { args: NO_PIPELINE, env: { IDV_RATE_LIMIT_PER_SECOND: '1' } });
  const statuses = await flood(server, 160);
  const passed = statuses.filter((s) => s === 404).length;
  t.same([...new Set(statuses)].sort(), [404, 429], 'answers are 404 (let through) or 429');
  t.ok(passed >= 100 && passed <= 105, `${passed} of 160 let through`);
});

t.test('IDV_RATE_LIMIT_PER_SECOND=0 turns the limit off', async (t) => {
  const server = await startServer(t, { args: NO_PIPELINE, env: { IDV_RATE_LIMIT_PER_SECOND: '0' } });
  const statuses = await flood(server, 160);
  t.same([...new Set(statuses)], [404], 'all 160 let through');
});
