/**
 * The two-step flow's storage side through real HTTP: creating a request, reading its status,
 * content and result, key scopes across two accounts, and expiry (read time and sweeper).
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../server/config.js';
import { openStore } from '../../server/store/index.js';
import { jpegImage, pngImage } from './fixtures.js';
import { ACCOUNT_A, startServer } from './helper.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function requestBody(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    documentType: 1,
    verifyFace: false,
    frontImageBase64: (await jpegImage()).toString('base64'),
    backOrSecondImageBase64: (await pngImage()).toString('base64'),
    ...overrides,
  };
}

t.test('the two-step flow stores requests and shows them only to their account', async (t) => {
  const server = await startServer(t);
  const { keys } = server;
  const body = await requestBody();

  t.test('POST /api/Request with a public key answers 201, Location and the pending request', async (t) => {
    const answer = await server.call('POST', '/api/Request', { key: keys.publicA, json: body });
    t.equal(answer.status, 201);
    t.match(answer.body.requestId, UUID);
    t.same(answer.body, { requestId: answer.body.requestId, status: 0, statusName: 'Pending', documentType: 1 });
    t.equal(answer.headers.get('location'), `/api/Request/${answer.body.requestId}`);
  });

  t.test('a secret key may create requests too; documentType accepts names and numeric strings', async (t) => {
    const passport = await server.call('POST', '/api/Request', {
      key: keys.secretA,
      json: { documentType: 'passport', frontImageBase64: body.frontImageBase64 },
    });
    t.equal(passport.status, 201);
    t.equal(passport.body.documentType, 2, 'a passport needs no back image; the type is answered as an integer');
    const card = await server.call('POST', '/api/Request', { key: keys.secretA, json: { ...body, documentType: '3' } });
    t.equal(card.status, 201);
    t.equal(card.body.documentType, 3);
  });

  t.test('a data: URL prefix on an image is accepted', async (t) => {
    const answer = await server.call('POST', '/api/Request', {
      key: keys.publicA,
      json: { ...body, frontImageBase64: `data:image/jpeg;base64,${body.frontImageBase64}` },
    });
    t.equal(answer.status, 201);
  });

  t.test('a dashboard key cannot create verification requests', async (t) => {
    const answer = await server.call('POST', '/api/Request', { key: keys.privateA, json: body });
    t.equal(answer.status, 403);
    t.equal(answer.body.code, 'Forbidden');
  });

  const created = await server.call('POST', '/api/Request', { key: keys.publicA, json: body });
  const id: string = created.body.requestId;

  t.test('GET /api/Request/{id} shows the status to the owning account only', async (t) => {
    for (const key of [keys.publicA, keys.secretA]) {
      const answer = await server.call('GET', `/api/Request/${id}`, { key });
      t.equal(answer.status, 200);
      t.same(answer.body, { requestId: id, status: 0, statusName: 'Pending', documentType: 1 });
    }
    for (const key of [keys.publicB, keys.secretB]) {
      const answer = await server.call('GET', `/api/Request/${id}`, { key });
      t.equal(answer.status, 404, 'another account learns nothing');
      t.equal(answer.body.code, 'NotFound');
    }
    const dashboard = await server.call('GET', `/api/Request/${id}`, { key: keys.privateA });
    t.equal(dashboard.status, 403);
    t.equal(dashboard.body.code, 'Forbidden');
  });

  t.test('no key, an unknown key and a malformed header answer 401 Unauthorized', async (t) => {
    const forged = `pk_${'A'.repeat(43)}`;
    for (const headers of [{} as Record<string, string>, { authorization: `Bearer ${forged}` }, { authorization: 'Basic dXNlcjpwYXNz' }, { authorization: 'Bearer' }]) {
      const answer = await server.call('GET', `/api/Request/${id}`, { headers });
      t.equal(answer.status, 401, JSON.stringify(headers));
      t.equal(answer.body.code, 'Unauthorized');
      t.match(answer.body.traceId, /\S/, 'every error carries a traceId');
      t.equal(answer.headers.get('www-authenticate'), 'Bearer');
    }
  });

  t.test('GET /api/Request/{id}/content returns the stored content to the owner\'s secret key', async (t) => {
    const answer = await server.call('GET', `/api/Request/${id}/content`, { key: keys.secretA });
    t.equal(answer.status, 200);
    t.same(answer.body, {
      documentType: 1,
      verifyFace: false,
      frontImageBase64: body.frontImageBase64,
      backOrSecondImageBase64: body.backOrSecondImageBase64,
      faceImageBase64: null,
      trackString: null,
    });
    t.equal((await server.call('GET', `/api/Request/${id}/content`, { key: keys.publicA })).status, 403);
    t.equal((await server.call('GET', `/api/Request/${id}/content`, { key: keys.secretB })).status, 404);
  });

  t.test('GET /api/Request/{id}/result is 404 while the request is pending', async (t) => {
    const answer = await server.call('GET', `/api/Request/${id}/result`, { key: keys.secretA });
    t.equal(answer.status, 404);
    t.equal(answer.body.code, 'NotFound');
    t.equal((await server.call('GET', `/api/Request/${id}/result`, { key: keys.publicA })).status, 403);
  });

  t.test('unknown and malformed ids answer 404 NotFound', async (t) => {
    for (const path of ['/api/Request/8c7e2a4e-1111-4222-8333-944444444444', '/api/Request/not-a-uuid', '/api/Request/not-a-uuid/result']) {
      const answer = await server.call('GET', path, { key: keys.secretA });
      t.equal(answer.status, 404, path);
      t.equal(answer.body.code, 'NotFound');
    }
    const verify = await server.call('POST', '/api/Verify/8c7e2a4e-1111-4222-8333-944444444444', { key: keys.secretA });
    t.equal(verify.status, 404);
    const route = await server.call('GET', '/api/Nothing', { key: keys.secretA, outsideDocument: true });
    t.equal(route.status, 404);
    t.equal(route.body.code, 'NotFound');
  });
});

t.test('a pending request past its checking time is Expired at read time, its images gone', async (t) => {
  const server = await startServer(t, { env: { IDV_REQUEST_TTL_SECONDS: '1', IDV_SWEEP_INTERVAL_SECONDS: '3600' } });
  const { keys } = server;
  const created = await server.call('POST', '/api/Request', { key: keys.publicA, json: await requestBody() });
  const id: string = created.body.requestId;
  await sleep(1500);
  const status = await server.call('GET', `/api/Request/${id}`, { key: keys.publicA });
  t.same(status.body, { requestId: id, status: 3, statusName: 'Expired', documentType: 1 });
  const content = await server.call('GET', `/api/Request/${id}/content`, { key: keys.secretA });
  t.equal(content.body.frontImageBase64, null, 'the images were deleted at expiry');
  t.equal(content.body.backOrSecondImageBase64, null);
  const verify = await server.call('POST', `/api/Verify/${id}`, { key: keys.secretA });
  t.equal(verify.status, 400);
  t.equal(verify.body.code, 'RequestExpired');
  const result = await server.call('GET', `/api/Request/${id}/result`, { key: keys.secretA });
  t.same(result.body, { requestId: id, verificationResult: null, succeeded: false, failureMessage: 'The request has expired.', failureCode: 'RequestExpired' });
});

t.test('the sweeper expires overdue requests and deletes their images without any read', async (t) => {
  const server = await startServer(t, { env: { IDV_REQUEST_TTL_SECONDS: '1', IDV_SWEEP_INTERVAL_SECONDS: '1' } });
  const created = await server.call('POST', '/api/Request', { key: server.keys.publicA, json: await requestBody() });
  await sleep(3000);
  await server.stop();
  const store = await openStore(loadConfig(server.env));
  try {
    const record = await store.getRequest(created.body.requestId);
    t.equal(record?.status, 3, 'Expired in the store');
    t.equal(record?.accountId, ACCOUNT_A);
    t.equal(record?.content.frontImage, null, 'front image gone from the store');
    t.equal(record?.content.backImage, null, 'back image gone from the store');
    t.equal(record?.imagesDeleted, true);
  } finally {
    await store.close();
  }
});

t.test('a pipeline that cannot be reached answers 503 with Retry-After and leaves the request pending', async (t) => {
  // Port 1 on loopback: nothing listens there, so every call fails UNAVAILABLE at once.
  const server = await startServer(t, { args: ['--pipeline', '127.0.0.1:1'] });
  const { keys } = server;
  const created = await server.call('POST', '/api/Request', { key: keys.publicA, json: await requestBody() });
  const id: string = created.body.requestId;
  const verify = await server.call('POST', `/api/Verify/${id}`, { key: keys.secretA });
  t.equal(verify.status, 503);
  t.equal(verify.body.code, 'ServiceUnavailable');
  t.equal(verify.headers.get('retry-after'), '5');
  t.notOk('DeveloperMessage' in verify.body, 'no developer detail outside development mode');
  const status = await server.call('GET', `/api/Request/${id}`, { key: keys.secretA });
  t.equal(status.body.status, 0, 'the claim was released: still Pending');
  const again = await server.call('POST', `/api/Verify/${id}`, { key: keys.secretA });
  t.equal(again.status, 503, 'and it can be tried again');
});

t.test('development mode adds DeveloperMessage to 5xx answers', async (t) => {
  const server = await startServer(t, { args: ['--pipeline', '127.0.0.1:1'], env: { IDV_DEV_MODE: '1' } });
  const created = await server.call('POST', '/api/Request', { key: server.keys.publicA, json: await requestBody() });
  const verify = await server.call('POST', `/api/Verify/${created.body.requestId}`, { key: server.keys.secretA });
  t.equal(verify.status, 503);
  t.match(verify.body.DeveloperMessage, /UNAVAILABLE/);
});
