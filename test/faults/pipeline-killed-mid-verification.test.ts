/**
 * The pipeline process is killed (SIGKILL, as the OOM killer does) while it runs a verification.
 * The front door answers that call 503 ServiceUnavailable with Retry-After; the request stays
 * Pending with its claim released and nothing of an outcome written; and once serve has started a
 * new pipeline child the same request verifies.
 *
 * (test/server/pipeline-restart.test.ts kills the child between calls; this one kills it during one.)
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../server/config.js';
import { openStore } from '../../server/store/index.js';
import { licenceBody } from '../server/fixtures.js';
import { childPids, startServer, type ServerUnderTest } from '../server/helper.js';
import { checkedFetch } from '../server/openapi-conformance.js';

/** Verify calls the front door has sent to the pipeline and not had answered, from its metrics. */
async function inFlight(server: ServerUnderTest): Promise<number> {
  const text = await (await checkedFetch(`${server.url}/metrics`)).text();
  return Number(/^idv_pipeline_calls_in_flight (\d+)/m.exec(text)?.[1] ?? 0);
}

t.test('a pipeline killed during a verification: 503 with Retry-After, the request stays Pending and verifies later', async (t) => {
  const server = await startServer(t);
  const { keys } = server;
  const body = await licenceBody();
  const created = await server.call('POST', '/api/Request', { key: keys.publicA, json: body });
  t.equal(created.status, 201);
  const id: string = created.body.requestId;
  const [pipelinePid] = childPids(server.pid());
  t.ok(pipelinePid, 'serve runs a pipeline child');

  const verifying = server.call('POST', `/api/Verify/${id}`, { key: keys.secretA });
  let waited = 0;
  while ((await inFlight(server)) === 0 && waited < 10_000) {
    await sleep(10);
    waited += 10;
  }
  t.equal(await inFlight(server), 1, 'the verification is in the pipeline');
  process.kill(pipelinePid!, 'SIGKILL');

  const answer = await verifying;
  t.equal(answer.status, 503, `the call is answered 503 (${answer.body?.code})`);
  t.equal(answer.body.code, 'ServiceUnavailable');
  t.equal(answer.headers.get('retry-after'), '5');
  const status = await server.call('GET', `/api/Request/${id}`, { key: keys.secretA });
  t.equal(status.body.status, 0, 'the request is still Pending');
  const result = await server.call('GET', `/api/Request/${id}/result`, { key: keys.secretA });
  t.equal(result.status, 404, 'and has no result');

  // Read beside the running server (the embedded store's file lock admits a second process).
  const midway = await openStore(loadConfig(server.env));
  const halfway = await midway.getRequest(id);
  await midway.close();
  t.match(halfway, { status: 0, claimedAt: null, finishedAt: null, result: null, failureCode: null, failureMessage: null, imagesDeleted: false },
    'nothing half-written: no claim, no outcome, the images kept');

  for (let i = 0; i < 150 && !server.stderr().includes('"event":"pipeline restarted"'); i++) await sleep(100);
  t.match(server.stderr(), /"event":"pipeline restarted"/, 'serve started a new pipeline child');
  const again = await server.call('POST', `/api/Verify/${id}`, { key: keys.secretA });
  t.equal(again.status, 200, `the same request verifies on the new child (${again.body?.code ?? 'ok'})`);
  t.equal(again.body.request?.statusName, 'Success');

  await server.stop();
  const store = await openStore(loadConfig(server.env));
  t.teardown(() => store.close());
  const record = await store.getRequest(id);
  t.equal(record?.status, 1, 'Success in the store: the one outcome written is the second check\'s');
  t.equal(record?.claimedAt, null, 'no claim left behind');
  t.equal(record?.failureCode, null, 'the killed check wrote no failure');
});
