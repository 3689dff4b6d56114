/**
 * The embedded store goes away while the front door runs (its data folder moved out from under
 * it, as an unmounted or lost volume would be) and comes back. While it is away every call that
 * needs it answers 503 ServiceUnavailable with Retry-After and writes nothing; /health stays 200
 * and /ready says the store is unavailable. Once the folder is back the same process serves again,
 * without a restart, and the store holds exactly what was acknowledged.
 *
 * Moving the folder rather than taking away its permissions: the tests may run as root, whom
 * permissions do not stop. The MongoDB server going away is mongo-away.test.ts.
 */
import t from 'tap';
import { renameSync } from 'node:fs';
import { jpegImage } from '../server/fixtures.js';
import { NO_PIPELINE, startServer } from '../server/helper.js';
import { storedCounts } from '../hostile/harness.js';

const ONBOARDING = '/api/PublicOnboarding/Requests';

t.test('a store that goes away answers 503 while away and serves again when back, without a restart', {
  skip: process.env.IDV_TEST_STORE === 'mongo' ? 'moves the embedded store\'s folder; IDV_TEST_STORE=mongo runs MongoDB' : false,
}, async (t) => {
  const server = await startServer(t, { args: NO_PIPELINE, env: { IDV_SWEEP_INTERVAL_SECONDS: '1' } });
  const { keys } = server;
  const pid = server.pid();
  const dataDir = server.env.IDV_DATA_DIR!;
  const body = { documentType: 2, frontImageBase64: (await jpegImage(64, 48)).toString('base64') };

  const before = await server.call('POST', '/api/Request', { key: keys.publicA, json: body });
  t.equal(before.status, 201, 'a request acknowledged before the outage');
  const id: string = before.body.requestId;

  renameSync(dataDir, `${dataDir}-away`);
  let restored = false;
  t.teardown(() => {
    if (!restored) renameSync(`${dataDir}-away`, dataDir);
  });

  const whileAway = {
    'POST /api/Request': await server.call('POST', '/api/Request', { key: keys.publicA, json: body }),
    'POST /api/Verify': await server.call('POST', '/api/Verify', { key: keys.secretA, json: body }),
    'GET /api/Request/{id}': await server.call('GET', `/api/Request/${id}`, { key: keys.publicA }),
    'POST /api/Verify/{id}': await server.call('POST', `/api/Verify/${id}`, { key: keys.secretA }),
    'POST onboarding': await server.call('POST', ONBOARDING, { key: keys.privateA, json: { location: 'north' } }),
  };
  for (const [call, answer] of Object.entries(whileAway)) {
    t.equal(answer.status, 503, `${call}: 503 while the store is away`);
    t.equal(answer.body.code, 'ServiceUnavailable', call);
    t.equal(answer.headers.get('retry-after'), '5', `${call}: Retry-After`);
    t.equal(answer.body.traceId, answer.headers.get('x-trace-id'), `${call}: the contract's error object`);
    t.notMatch(JSON.stringify(answer.body), dataDir, `${call}: no path of the server in the answer`);
  }
  const health = await server.call('GET', '/health');
  t.equal(health.status, 200, 'liveness does not depend on the store: nobody restarts the front door for it');
  const ready = await server.call('GET', '/ready');
  t.equal(ready.status, 503);
  t.match(ready.body.message, /store unavailable/);

  renameSync(`${dataDir}-away`, dataDir);
  restored = true;

  const status = await server.call('GET', `/api/Request/${id}`, { key: keys.publicA });
  t.same(status.body, { requestId: id, status: 0, statusName: 'Pending', documentType: 2 }, 'the request from before is there, still Pending');
  const content = await server.call('GET', `/api/Request/${id}/content`, { key: keys.secretA });
  t.equal(content.body.frontImageBase64, body.frontImageBase64, 'with its image');
  const after = await server.call('POST', '/api/Request', { key: keys.publicA, json: body });
  t.equal(after.status, 201, 'new requests are stored again');
  const invitation = await server.call('POST', ONBOARDING, { key: keys.privateA, json: { location: 'north' } });
  t.equal(invitation.status, 201, 'and invitations');
  const readyAgain = await server.call('GET', '/ready');
  t.match(readyAgain.body.message, /store ok/, 'readiness sees the store again (the pipeline is absent on purpose)');
  t.equal(server.pid(), pid, 'the same server process throughout');
  t.match(server.stderr(), /"code":"ServiceUnavailable"/, 'the outage is logged as 5xx errors');

  t.same(await storedCounts(server), { requests: 2, invitations: 1 }, 'the store holds the two acknowledged requests and nothing of the refused calls');
});
