/**
 * Webhooks end to end: the real front door (no pipeline needed: request.expired is caused by the
 * sweeper), a real local receiver, the real store. Registration over HTTP, signed delivery,
 * redelivery of the same event after a 500, delivery after a restart while the receiver was down,
 * metrics and logs.
 */
import t from 'tap';
import { verifySignature } from '../../server/webhooks/signature.js';
import { jpegImage } from './fixtures.js';
import { NO_PIPELINE, startServer, type ServerUnderTest } from './helper.js';
import { checkedFetch } from './openapi-conformance.js';
import { freePort, startReceiver } from './receiver.js';

const ENV = {
  IDV_WEBHOOK_ALLOW_PRIVATE: '1',
  IDV_WEBHOOK_RETRY_BASE_MS: '200',
  IDV_REQUEST_TTL_SECONDS: '1',
  IDV_SWEEP_INTERVAL_SECONDS: '1',
};

/** A two-step request (public key) that the sweeper expires about a second later. */
async function expiringRequest(server: ServerUnderTest): Promise<string> {
  const front = (await jpegImage()).toString('base64');
  const answer = await server.call('POST', '/api/Request', {
    key: server.keys.publicA, json: { documentType: 1, verifyFace: false, frontImageBase64: front, trackString: 'QA==' },
  });
  if (answer.status !== 201) throw new Error(`POST /api/Request answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.requestId as string;
}

/** The endpoint's deliveries once `done` holds for them (the sender records an attempt just after the receiver answers). */
async function deliveriesWhen(server: ServerUnderTest, endpointId: string, done: (deliveries: any[]) => boolean): Promise<any[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const listed = await server.call('GET', `/api/Webhooks/${endpointId}/deliveries`, { key: server.keys.secretA });
    if (done(listed.body) || Date.now() > deadline) return listed.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function register(server: ServerUnderTest, url: string, events?: string[]): Promise<{ id: string; secret: string }> {
  const answer = await server.call('POST', '/api/Webhooks', { key: server.keys.secretA, json: { url, ...(events ? { events } : {}) } });
  if (answer.status !== 201) throw new Error(`POST /api/Webhooks answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

t.test('webhooks through the real front door', async (t) => {
  const server = await startServer(t, { env: ENV, args: NO_PIPELINE });
  const { keys } = server;

  t.test('registration: secret key only, the secret shown once, listed without it, deleted', async (t) => {
    const created = await server.call('POST', '/api/Webhooks', { key: keys.secretA, json: { url: 'https://hooks.example.com/a', events: ['request.expired'] } });
    t.equal(created.status, 201);
    t.equal(created.headers.get('location'), `/api/Webhooks/${created.body.id}`);
    t.match(created.body, { url: 'https://hooks.example.com/a', events: ['request.expired'] });
    t.match(created.body.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await server.call('GET', '/api/Webhooks', { key: keys.secretA });
    t.equal(listed.status, 200);
    t.same(listed.body.map((e: any) => e.id), [created.body.id]);
    t.notOk(JSON.stringify(listed.body).includes(created.body.secret), 'the list never shows the secret');
    t.same((await server.call('GET', '/api/Webhooks', { key: keys.secretB })).body, [], 'another account sees none');
    t.equal((await server.call('DELETE', `/api/Webhooks/${created.body.id}`, { key: keys.secretB })).status, 404, 'nor may delete it');
    t.equal((await server.call('GET', '/api/Webhooks', { key: keys.publicA })).status, 403, 'a public key may not list');
    t.equal((await server.call('GET', '/api/Webhooks')).status, 401);
    const deleted = await server.call('DELETE', `/api/Webhooks/${created.body.id}`, { key: keys.secretA });
    t.equal(deleted.status, 204);
    t.equal(deleted.body, undefined);
    t.equal((await server.call('GET', `/api/Webhooks/${created.body.id}/deliveries`, { key: keys.secretA })).status, 404);
  });

  t.test('registration refuses bad input with coded errors', async (t) => {
    const bad = await server.call('POST', '/api/Webhooks', { key: keys.secretA, json: { url: 'not a url', events: ['nope'], extra: 1 } });
    t.equal(bad.status, 400);
    t.equal(bad.body.code, 'ValidationError');
    t.same(Object.keys(bad.body.propertyErrors).sort(), ['events', 'extra', 'url']);
    const ftp = await server.call('POST', '/api/Webhooks', { key: keys.secretA, json: { url: 'ftp://hooks.example.com/' } });
    t.equal(ftp.body.code, 'BadRequest');
    t.match(ftp.body.propertyErrors.url, /https/);
    t.same((await server.call('GET', '/api/Webhooks', { key: keys.secretA })).body, [], 'nothing was stored');
  });

  t.test('an event is delivered signed, with its id, ids and outcomes only', async (t) => {
    const receiver = await startReceiver(t);
    const endpoint = await register(server, receiver.url);
    t.teardown(() => server.call('DELETE', `/api/Webhooks/${endpoint.id}`, { key: keys.secretA }));
    const requestId = await expiringRequest(server);
    const [got] = await receiver.waitFor(1);
    t.equal(got!.headers['idv-event-id'], got!.json.id, 'Idv-Event-Id is the body\'s id');
    t.ok(verifySignature(endpoint.secret, String(got!.headers['idv-signature']), got!.body), 'the signature verifies with the secret');
    t.notOk(verifySignature('whsec_other', String(got!.headers['idv-signature']), got!.body), 'and not with another');
    t.notOk(verifySignature(endpoint.secret, String(got!.headers['idv-signature']), got!.body.replace('Expired', 'Success')), 'nor over another body');
    t.match(got!.headers['idv-signature'], /^t=\d+,v1=[0-9a-f]{64}$/);
    t.same(Object.keys(got!.json).sort(), ['created', 'data', 'id', 'type']);
    t.equal(got!.json.type, 'request.expired');
    t.match(got!.json.created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    t.same(got!.json.data, { requestId, documentType: 1, status: 3, statusName: 'Expired' });
    const deliveries = await server.call('GET', `/api/Webhooks/${endpoint.id}/deliveries`, { key: keys.secretA });
    t.match(deliveries.body, [{ eventId: got!.json.id, type: 'request.expired', state: 'delivered', attempts: 1, lastStatusCode: 200 }]);
  });

  t.test('a receiver answering 500 then 200 gets the same event id again; metrics and logs show it', async (t) => {
    const receiver = await startReceiver(t, { statuses: [500] });
    const endpoint = await register(server, receiver.url, ['request.expired']);
    t.teardown(() => server.call('DELETE', `/api/Webhooks/${endpoint.id}`, { key: keys.secretA }));
    await expiringRequest(server);
    const [first, second] = await receiver.waitFor(2);
    t.equal(second!.headers['idv-event-id'], first!.headers['idv-event-id'], 'the same event id');
    t.equal(second!.body, first!.body, 'the same body');
    const deliveries = await deliveriesWhen(server, endpoint.id, (d) => d[0]?.state === 'delivered');
    t.match(deliveries, [{ state: 'delivered', attempts: 2, lastStatusCode: 200 }]);
    const [last, firstAttempt] = deliveries[0].attemptLog;
    t.same(deliveries[0].attemptLog.map((a: any) => [a.attempt, a.statusCode, a.error]), [[2, 200, null], [1, 500, 'answered HTTP 500']],
      'each attempt, newest first: the 500 that came before the 200 is there');
    for (const attempt of [last, firstAttempt]) {
      t.match(attempt.at, ISO);
      t.ok(Number.isInteger(attempt.durationMs) && attempt.durationMs >= 0 && attempt.durationMs < 10_000, `attempt ${attempt.attempt} took ${attempt.durationMs} ms`);
    }
    t.ok(Date.parse(last.at) >= Date.parse(firstAttempt.at) + 200, 'the retry came after the first delay (200 ms here)');
    t.ok(Date.parse(deliveries[0].lastAttemptAt) >= Date.parse(last.at), 'lastAttemptAt is when the last attempt ended');
    const text = await (await checkedFetch(`${server.url}/metrics`)).text();
    t.match(text, /idv_webhook_deliveries_total\{outcome="failed"\} [1-9]/);
    t.match(text, /idv_webhook_deliveries_total\{outcome="delivered"\} [1-9]/);
    t.match(text, /idv_webhook_oldest_pending_seconds \d/);
    const log = server.stderr();
    t.ok(log.includes(String(first!.headers['idv-event-id'])), 'the log names the event id');
    t.notOk(log.includes(endpoint.secret), 'the log never holds the secret');
  });
});

t.test('the receiver down while the front door restarts still gets the event afterwards', async (t) => {
  const server = await startServer(t, { env: ENV, args: NO_PIPELINE });
  const port = await freePort();
  const endpoint = await register(server, `http://127.0.0.1:${port}/hooks`);
  const requestId = await expiringRequest(server);
  // Wait for a failed attempt (connection refused), so the event is in the store, not in memory.
  const deadline = Date.now() + 10_000;
  let failed: any;
  while (Date.now() < deadline && failed === undefined) {
    const listed = await server.call('GET', `/api/Webhooks/${endpoint.id}/deliveries`, { key: server.keys.secretA });
    failed = listed.body.find((d: any) => d.attempts >= 1);
    if (failed === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  t.match(failed, { state: 'pending', lastStatusCode: null, lastError: /ECONNREFUSED/ }, 'the first attempt failed: nobody listened');
  t.match(failed.attemptLog.at(-1), { attempt: 1, statusCode: null, error: /ECONNREFUSED/, at: ISO }, 'the log says why');
  await server.stop();
  const receiver = await startReceiver(t, { port });
  await server.restart();
  const [got] = await receiver.waitFor(1, 15_000);
  t.equal(got!.json.id, failed.eventId, 'the same event, after the restart');
  t.equal(got!.json.data.requestId, requestId);
  t.ok(verifySignature(endpoint.secret, String(got!.headers['idv-signature']), got!.body));
});
