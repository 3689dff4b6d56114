/**
 * The client's verification interface against the real front door and its real pipeline child:
 * the direct call, the two-step flow with its reads, the contract's errors as IdvError (code,
 * traceId, status), and a real 503 of a pipeline with no queue, which the client waits out.
 */
import t from 'tap';
import type { RequestContent } from '../../client/src/index.js';
import { licenceBody, licenceFields } from '../server/fixtures.js';
import { ACCOUNT_A, startServer, UNKNOWN_REQUEST } from '../server/helper.js';
import { clientOf, failure, recordingFetch, UUID } from './helper.js';

const UNKNOWN_ID = UNKNOWN_REQUEST.split('/').pop()!;

t.test('the client against the real pipeline', async (t) => {
  // No queue: of verifications sent at once, one runs and the others get 503 with Retry-After.
  const server = await startServer(t, { env: { IDV_PIPELINE_THREADS: '1', IDV_PIPELINE_MAX_QUEUE: '0' } });
  const { keys } = server;
  const secret = clientOf(server, keys.secretA);
  // The fixture is request content with both of these set.
  const body = (await licenceBody()) as RequestContent & { frontImageBase64: string; trackString: string };
  const fields = await licenceFields();

  t.test('verify: the direct flow reads the licence', async (t) => {
    const response = await secret.verify(body);
    t.match(response.requestId, UUID);
    t.equal(response.documentType, 1);
    t.equal(response.machineReadable.document.familyName, fields.familyName);
    t.equal(response.machineReadable.document.id, fields.id);
    t.equal(response.request.userId, ACCOUNT_A);
    t.equal(response.request.statusName, 'Success');
    t.type(response.documentVerificationResult?.totalConfidence, 'number');
    t.equal(response.request.content.frontImageBase64, null, 'no returnContent: images not echoed');
  });

  t.test('createRequest, getRequest, verifyRequest, content and result: the two-step flow', async (t) => {
    const app = clientOf(server, keys.publicA);
    const created = await app.createRequest(body);
    t.same(created, { requestId: created.requestId, status: 0, statusName: 'Pending', documentType: 1 });
    t.same(await app.getRequest(created.requestId), created, 'the public key reads the status');
    const pending = await failure(secret.getRequestResult(created.requestId));
    t.match(pending, { status: 404, code: 'NotFound' }, 'no result while pending');

    const response = await secret.verifyRequest(created.requestId, { returnContent: true });
    t.equal(response.requestId, created.requestId);
    t.equal(response.machineReadable.document.familyName, fields.familyName);
    t.equal(response.request.content.frontImageBase64, body.frontImageBase64, 'returnContent: the stored front');
    t.match(await app.getRequest(created.requestId), { status: 1, statusName: 'Success' });

    const content = await secret.getRequestContent(created.requestId);
    t.same(content, {
      documentType: 1, verifyFace: false, frontImageBase64: body.frontImageBase64,
      backOrSecondImageBase64: null, faceImageBase64: null, trackString: body.trackString,
    });
    const result = await secret.getRequestResult(created.requestId);
    t.equal(result.succeeded, true);
    t.equal(result.failureCode, null);
    t.equal(result.verificationResult?.requestId, created.requestId);

    const again = await failure(secret.verifyRequest(created.requestId));
    t.match(again, { name: 'IdvError', status: 400, code: 'RequestAlreadyProcessed' });
    t.match(again.traceId, UUID);
  });

  t.test('errors carry the contract\'s code, message, traceId and status', async (t) => {
    const invalid = await failure(secret.verify({ ...body, documentType: 9 }));
    t.match(invalid, { status: 400, code: 'ValidationError' });
    t.match(invalid.propertyErrors, { documentType: /documentType must be/ });
    t.match(invalid.traceId, UUID);
    t.equal(invalid.body?.traceId, invalid.traceId, 'the error object as received');
    t.match(await failure(secret.verify({ documentType: 1, frontImageBase64: body.frontImageBase64 })), { status: 400, code: 'BackImageOrTrackStringNotPresentError' });

    const unknownKey = await failure(clientOf(server, 'sk_not-a-key').getRequest(UNKNOWN_ID));
    t.match(unknownKey, { status: 401, code: 'Unauthorized' });
    t.match(unknownKey.traceId, UUID);
    t.match(await failure(clientOf(server, keys.publicA).verify(body)), { status: 403, code: 'Forbidden' }, 'a public key may not verify');
    const missing = await failure(secret.getRequest(UNKNOWN_ID));
    t.match(missing, { status: 404, code: 'NotFound', retryAfterSeconds: null });
    t.ok(missing instanceof Error && missing.message.length > 0, 'an Error with the server\'s message');
    t.match(await failure(clientOf(server, keys.secretB).getRequestContent((await secret.createRequest(body)).requestId)), { status: 404, code: 'NotFound' }, 'another account\'s request');
  });

  t.test('a 503 of a saturated pipeline is retried after its Retry-After', async (t) => {
    const statuses: number[] = [];
    const recorded = clientOf(server, keys.secretA, { fetch: recordingFetch(statuses) });
    const started = Date.now();
    const responses = await Promise.all([recorded.verify(body), recorded.verify(body)]);
    t.ok(statuses.includes(503), `one was refused first (${statuses.join(', ')})`);
    t.same(responses.map((r) => r.machineReadable.document.id), [fields.id, fields.id], 'both verified');
    t.ok(Date.now() - started >= 5000, `one waited out the 5 s Retry-After (${Date.now() - started} ms)`);
  });
});
