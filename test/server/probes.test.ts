/**
 * GET /health (liveness) and GET /ready (readiness) on the real server: no key, ready only while
 * the pipeline says SERVING, and the contract's 503 when it does not.
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { NO_PIPELINE, childPids, startServer, type Answer, type ServerUnderTest } from './helper.js';

/** Asks /ready until its status is `status` (or 10 s pass); returns the last answer. */
async function readyUntil(server: ServerUnderTest, status: number, timeoutMs = 10_000): Promise<Answer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await server.call('GET', '/ready');
    if (answer.status === status || Date.now() > deadline) return answer;
    await sleep(50);
  }
}

t.test('both probes answer without a key while everything runs', async (t) => {
  const server = await startServer(t);
  const health = await server.call('GET', '/health');
  t.equal(health.status, 200);
  t.same(health.body, { status: 'ok' });
  const ready = await server.call('GET', '/ready');
  t.equal(ready.status, 200);
  t.same(ready.body, { status: 'ready', pipeline: 'SERVING', store: 'ok' });

  t.test('a hung pipeline makes the server not ready within the check\'s 2 s, not a hung probe', async (t) => {
    const [pipelinePid] = childPids(server.pid());
    process.kill(pipelinePid!, 'SIGSTOP');
    try {
      const started = Date.now();
      const hung = await server.call('GET', '/ready');
      const ms = Date.now() - started;
      t.equal(hung.status, 503);
      t.equal(hung.body.message, 'Not ready: pipeline DEADLINE_EXCEEDED, store ok.');
      t.ok(ms >= 1_900 && ms < 5_000, `answered in ${ms} ms`);
    } finally {
      process.kill(pipelinePid!, 'SIGCONT');
    }
    t.equal((await readyUntil(server, 200, 5_000)).status, 200, 'ready again once it answers');
  });

  t.test('a killed pipeline makes the server not ready, but still alive, until its replacement serves', async (t) => {
    const [pipelinePid] = childPids(server.pid());
    t.ok(pipelinePid, 'serve runs a pipeline child');
    process.kill(pipelinePid!, 'SIGKILL');
    const down = await readyUntil(server, 503, 2_000);
    t.equal(down.status, 503);
    t.same(Object.keys(down.body).sort(), ['code', 'message', 'multipleErrors', 'propertyErrors', 'traceId'], 'the contract\'s error object');
    t.equal(down.body.code, 'ServiceUnavailable');
    t.match(down.body.message, /^Not ready: pipeline [A-Z_]+, store ok\.$/);
    t.not(down.body.message, 'Not ready: pipeline SERVING, store ok.');
    t.equal(down.headers.get('retry-after'), '5');
    t.equal((await server.call('GET', '/health')).status, 200, 'liveness does not depend on the pipeline');
    const back = await readyUntil(server, 200, 60_000);
    t.equal(back.status, 200, `ready again once the new child serves (${JSON.stringify(back.body)})`);
    t.match(server.stderr(), /"event":"pipeline restarted"/);
  });
});

t.test('a pipeline that cannot be reached: alive, not ready', async (t) => {
  const server = await startServer(t, { args: NO_PIPELINE });
  t.equal((await server.call('GET', '/health')).status, 200);
  const ready = await server.call('GET', '/ready');
  t.equal(ready.status, 503);
  t.equal(ready.body.code, 'ServiceUnavailable');
  t.equal(ready.body.message, 'Not ready: pipeline UNAVAILABLE, store ok.');
  t.equal(ready.headers.get('x-trace-id'), ready.body.traceId);
});
