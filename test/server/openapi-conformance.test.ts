/**
 * The check that holds the HTTP suites' answers to the OpenAPI document (openapi-conformance.ts)
 * refuses what the document does not describe: each kind of mismatch once, with its message, and
 * real answers of a real server pass it.
 */
import t from 'tap';
import { documentProblems, webhookProblems } from './openapi-conformance.js';
import { NO_PIPELINE, httpCall, startServer } from './helper.js';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const error = (code: string): string => JSON.stringify({ traceId: 't', code, message: 'm', propertyErrors: null, multipleErrors: null });
const answer = (method: string, url: string, status: number, text: string, headers: Record<string, string> = JSON_TYPE) =>
  ({ method, url, status, text, headers: new Headers(headers) });

t.test('a documented answer passes', async (t) => {
  t.same(documentProblems(answer('GET', '/health', 200, '{"status":"ok"}')), []);
  t.same(documentProblems(answer('GET', '/api/Request/8c7e2a4e-1111-4222-8333-944444444444?x=1', 404, error('NotFound'))), [], 'a query string is not part of the path');
  t.same(documentProblems(answer('GET', '/dashboard/app.js', 200, 'export {}', { 'content-type': 'text/javascript; charset=utf-8', 'content-security-policy': "default-src 'none'" })), []);
});

t.test('each kind of mismatch is named', async (t) => {
  t.same(documentProblems(answer('GET', '/api/Nothing', 404, error('NotFound'))), ['is not an operation of the OpenAPI document'], 'an undocumented path');
  t.same(documentProblems(answer('DELETE', '/api/Verify', 404, error('NotFound'))), ['is not an operation of the OpenAPI document'], 'an undocumented method');
  t.match(documentProblems(answer('GET', '/health', 201, '{"status":"ok"}')), [/^answered 201, which the document does not list \(it lists 200, 404, 500, 503\)$/], 'an undocumented status');
  t.match(documentProblems(answer('GET', '/health', 200, '{"status":"ok","extra":1}')), [/^200: the body does not match the schema of \/health: \(body\) must NOT have additional properties/], 'an undocumented field');
  t.match(documentProblems(answer('GET', '/api/Request/8c7e2a4e-1111-4222-8333-944444444444', 404, error('Forbidden'))),
    [/^404: the body does not match the schema of \/api\/Request\/\{id\}: \/code must be equal to one of the allowed values \{"allowedValues":\["NotFound"\]\}/], 'an error code the status does not list');
  t.match(documentProblems(answer('GET', '/api/Request/8c7e2a4e-1111-4222-8333-944444444444', 503, error('ServiceUnavailable'))),
    ['503: the required header Retry-After is missing'], 'a missing required header');
  t.match(documentProblems(answer('GET', '/api/Request/8c7e2a4e-1111-4222-8333-944444444444', 503, error('ServiceUnavailable'), { ...JSON_TYPE, 'retry-after': 'soon' })),
    [/^503: header Retry-After: data must be integer/], 'a malformed header');
  t.same(documentProblems(answer('GET', '/health', 200, '{"status":"ok"}', { 'content-type': 'text/html' })),
    ['200: content type "text/html" is not one the document lists (application/json)'], 'an undocumented media type');
  t.same(documentProblems(answer('GET', '/health', 200, 'ok')), ['200: the body is not JSON: "ok"'], 'a body that is not JSON');
  t.same(documentProblems(answer('DELETE', '/api/Webhooks/8c7e2a4e-1111-4222-8333-944444444444', 204, 'x', {})),
    ['204: the document says no body, but one of 1 characters came ()'], 'a body where the document says none');
});

t.test('a call outside the document must be the 404 NotFound of unknown paths', async (t) => {
  const outside = { outsideDocument: true };
  t.same(documentProblems(answer('GET', '/nothing/here', 404, error('NotFound')), outside), []);
  t.same(documentProblems(answer('GET', '/nothing/here', 200, '{}'), outside), ['is outside the document and must answer 404 NotFound, not 200']);
  t.same(documentProblems(answer('GET', '/nothing/here', 404, error('ApiError')), outside), ['is outside the document: its 404 code is ApiError, not NotFound']);
  t.same(documentProblems(answer('GET', '/health', 200, '{"status":"ok"}'), outside),
    ['is documented as GET /health, but the test calls it outside the document'], 'a documented route is not outside');
});

t.test('a webhook delivery is held to the document\'s webhooks', async (t) => {
  const event = {
    id: '8c7e2a4e-1111-4222-8333-944444444444', type: 'request.expired', created: '2025-01-01T12:00:00.000Z',
    data: { requestId: '8c7e2a4e-1111-4222-8333-944444444445', documentType: 1, status: 3, statusName: 'Expired' },
  };
  const headers = new Headers({ 'idv-event-id': event.id, 'idv-signature': `t=1,v1=${'a'.repeat(64)}` });
  t.same(webhookProblems(headers, JSON.stringify(event)), []);
  t.match(webhookProblems(headers, JSON.stringify({ ...event, data: { ...event.data, fullName: 'Ada' } })),
    [/^request\.expired: the body does not match the document: data\/data must NOT have additional properties/], 'a personal field');
  t.same(webhookProblems(headers, JSON.stringify({ ...event, type: 'request.deleted' })), ['event type "request.deleted" is not one of the document\'s webhooks']);
  t.match(webhookProblems(new Headers({ 'idv-event-id': event.id, 'idv-signature': 'v1=abc' }), JSON.stringify(event)),
    [/^request\.expired: header Idv-Signature: data must match pattern/], 'a malformed signature header');
});

t.test('the helper refuses an undocumented answer of the real server', async (t) => {
  const server = await startServer(t, { args: NO_PIPELINE });
  await t.rejects(httpCall(server.url, 'GET', '/no/such/path'), /^OpenAPI: GET \/no\/such\/path is not an operation of the OpenAPI document$/);
  t.equal((await httpCall(server.url, 'GET', '/no/such/path', { outsideDocument: true })).status, 404, 'said to be outside: passes');
  t.equal((await server.call('GET', '/health')).body.status, 'ok');
});
