/**
 * The client's webhooks.verify and constructEvent on what the server really sends: a signed
 * request.expired delivery to a real local receiver (no pipeline needed: the request expires),
 * accepted as received and refused when the body, the secret or the time is not the signed one.
 * Signatures made by the server's own signing code cover bytes outside ASCII and a second v1.
 */
import t from 'tap';
import { constructEvent, verify, WebhookSignatureError } from '../../client/src/webhooks.js';
import { webhooks } from '../../client/src/index.js';
import { signatureHeader } from '../../server/webhooks/signature.js';
import { jpegImage } from '../server/fixtures.js';
import { NO_PIPELINE, startServer } from '../server/helper.js';
import { startReceiver } from '../server/receiver.js';
import { clientOf } from './helper.js';

t.test('a delivery of the real server verifies with the client', async (t) => {
  const server = await startServer(t, {
    env: { IDV_WEBHOOK_ALLOW_PRIVATE: '1', IDV_WEBHOOK_RETRY_BASE_MS: '200', IDV_REQUEST_TTL_SECONDS: '1', IDV_SWEEP_INTERVAL_SECONDS: '1' },
    args: NO_PIPELINE,
  });
  const receiver = await startReceiver(t);
  const endpoint = await server.call('POST', '/api/Webhooks', { key: server.keys.secretA, json: { url: receiver.url, events: ['request.expired'] } });
  t.equal(endpoint.status, 201);
  const secret: string = endpoint.body.secret;
  const front = (await jpegImage()).toString('base64');
  const created = await clientOf(server, server.keys.publicA).createRequest({ documentType: 1, frontImageBase64: front, trackString: 'QA==' });
  const [delivery] = await receiver.waitFor(1, 15_000);
  const header = String(delivery!.headers['idv-signature']);
  const t0 = Number(/^t=(\d+),/.exec(header)![1]);

  t.equal(webhooks.verify, verify, 'webhooks.verify is the module\'s verify');
  t.equal(await verify(delivery!.body, header, secret), true, 'the body as received, the endpoint\'s secret');
  t.equal(await verify(Buffer.from(delivery!.body), header, secret), true, 'the same as bytes');
  const event = await constructEvent(delivery!.body, header, secret);
  t.match(event, { type: 'request.expired', data: { requestId: created.requestId, status: 3, statusName: 'Expired' } });
  t.equal(event.id, delivery!.headers['idv-event-id']);

  t.equal(await verify(delivery!.body.replace('Expired', 'Success'), header, secret), false, 'a tampered body');
  t.equal(await verify(`${delivery!.body} `, header, secret), false, 'one byte more');
  t.equal(await verify(delivery!.body, header, 'whsec_another'), false, 'another secret');
  t.equal(await verify(delivery!.body, header, secret, { now: t0 + 301 }), false, 't more than 300 s ago');
  t.equal(await verify(delivery!.body, header, secret, { now: t0 - 301 }), false, 't more than 300 s ahead');
  t.equal(await verify(delivery!.body, header, secret, { now: t0 + 299 }), true, 'within the default tolerance');
  t.equal(await verify(delivery!.body, header, secret, { now: t0 + 50, toleranceSeconds: 30 }), false, 'a tolerance of the caller\'s');
  t.equal(await verify(delivery!.body, header.replace(/^t=\d+/, `t=${t0 + 1}`), secret, { now: t0 }), false, 'a t changed after signing');
  for (const bad of [undefined, '', 'v1=00', `t=${t0}`, `t=${t0},v1=zz`, `t=soon,${header.split(',')[1]}`]) {
    t.equal(await verify(delivery!.body, bad, secret), false, `a malformed header: ${JSON.stringify(bad)}`);
  }
  await t.rejects(constructEvent(delivery!.body, header, 'whsec_another'), new WebhookSignatureError('Webhook signature refused: the signature does not match the body and secret.'));
  await t.rejects(constructEvent(delivery!.body, header, secret, { now: t0 + 600 }), { name: 'WebhookSignatureError', message: /more than 300 s/ });
});

t.test('signatures of the server\'s signing code: bytes outside ASCII, a second v1', async (t) => {
  const secret = 'whsec_test-secret';
  const now = Math.floor(Date.now() / 1000);
  const body = '{"id":"e","data":{"name":"Zoë Đặng"}}';
  const header = signatureHeader(secret, now, body);
  t.equal(await verify(body, header, secret), true, 'the text');
  t.equal(await verify(new TextEncoder().encode(body), header, secret), true, 'its UTF-8 bytes');
  t.equal(await verify(body.replace('ë', 'e'), header, secret), false);
  const rotating = `${signatureHeader('whsec_old', now, body)},${header.split(',')[1]}`;
  t.equal(await verify(body, rotating, secret), true, 'any v1 of the header may match');
  t.equal(await verify(body, rotating, 'whsec_third'), false);
});
