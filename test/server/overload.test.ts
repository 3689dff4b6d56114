/**
 * A pipeline whose queue is full answers RESOURCE_EXHAUSTED; the front door turns that into the
 * contract's 503 ServiceUnavailable with Retry-After, so that a client under overload backs off.
 * The real pipeline child runs one thread with no queue: of verifications sent at once, the first
 * runs and the others are refused while it does.
 */
import t from 'tap';
import { licenceBody } from './fixtures.js';
import { startServer } from './helper.js';

t.test('verifications beyond the pipeline queue answer 503 ServiceUnavailable with Retry-After', async (t) => {
  const server = await startServer(t, { env: { IDV_PIPELINE_THREADS: '1', IDV_PIPELINE_MAX_QUEUE: '0' } });
  const body = await licenceBody();
  const answers = await Promise.all(Array.from({ length: 4 }, () => server.call('POST', '/api/Verify', { key: server.keys.secretA, json: body })));
  const refused = answers.filter((answer) => answer.status === 503);
  t.ok(answers.some((answer) => answer.status === 200), `one was verified (${answers.map((a) => a.status).join(', ')})`);
  t.ok(refused.length >= 1, 'the others were refused');
  for (const answer of refused) {
    t.equal(answer.body.code, 'ServiceUnavailable');
    t.equal(answer.headers.get('retry-after'), '5');
    t.type(answer.body.traceId, 'string');
  }
  const after = await server.call('POST', '/api/Verify', { key: server.keys.secretA, json: body });
  t.equal(after.status, 200, 'once the queue is free, verifications go through again');
});
