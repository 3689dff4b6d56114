/** The OpenAPI 3.1 document served at GET /openapi.json; test/server/openapi.test.ts checks it lists the router's routes. */
import { ERROR_CODES, type ErrorCode } from '../../common/errors.js';
import { SCHEMAS } from './schemas.js';

type Schema = Record<string, unknown>;
type KeyType = 'public' | 'secret' | 'private';

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema): Schema => ({ 'application/json': { schema } });
const SECURITY: Record<KeyType, string> = { public: 'publicKey', secret: 'secretKey', private: 'privateKey' };

/** Errors any authenticated call may answer, besides its own. */
const COMMON: ErrorCode[] = ['Unauthorized', 'Forbidden', 'HttpsRequired', 'TooManyRequests', 'ApiError', 'ServiceUnavailable'];

interface Operation {
  summary: string;
  keys?: KeyType[];
  body?: Schema;
  form?: boolean;
  ok: { status: number; schema?: Schema; headers?: string[] };
  errors?: ErrorCode[];
  parameters?: Schema[];
}

/** The error object whose `code` is one of `codes` (the codes an operation answers with that status). */
function errorOf(codes: ErrorCode[]): Schema {
  return { allOf: [ref('Error'), { properties: { code: { enum: codes } } }] };
}

function responsesOf(op: Operation): Record<string, Schema> {
  const responses: Record<string, Schema> = {};
  const okHeaders = Object.fromEntries((op.ok.headers ?? []).map((name) => [name, { required: true, schema: { type: 'string' } }]));
  responses[String(op.ok.status)] = op.ok.schema === undefined
    ? { description: 'No content', headers: okHeaders }
    : { description: 'Success', headers: okHeaders, content: json(op.ok.schema) };
  const codes = [...(op.errors ?? []), ...(op.keys ? COMMON : ['ApiError', 'ServiceUnavailable'] as ErrorCode[]), 'NotFound' as ErrorCode];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_CODES[code].http;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const headers = list.some((c) => c === 'TooManyRequests' || c === 'ServiceUnavailable') ? { 'Retry-After': { required: true, schema: { type: 'integer' } } } : {};
    responses[String(status)] = { description: `Error: ${list.join(', ')}`, headers, content: json(errorOf(list)), 'x-error-codes': list };
  }
  return responses;
}

function operation(id: string, op: Operation): Schema {
  const out: Schema = { operationId: id, summary: op.summary, parameters: op.parameters ?? [], responses: responsesOf(op) };
  out.security = op.keys ? op.keys.map((k) => ({ [SECURITY[k]]: [] })) : [];
  if (op.body !== undefined) {
    const content: Schema = json(op.body);
    if (op.form) content['application/x-www-form-urlencoded'] = { schema: op.body };
    out.requestBody = { required: true, content };
  }
  return out;
}

const idParam = (name = 'id'): Schema => ({ name, in: 'path', required: true, schema: { type: 'string', format: 'uuid' } });
const returnContent: Schema = { name: 'returnContent', in: 'query', required: false, schema: { type: 'string', enum: ['true', 'false', '1', '0'] } };
const READER_ERRORS: ErrorCode[] = [
  'ValidationError', 'MultipleErrors', 'OCRError', 'MRZOCRError', 'MrzIsNotPresentError', 'FrontImageRequiredError',
  'BackImageOrTrackStringNotPresentError', 'PDF417Error', 'FaceDocNotDetectError', 'FacePhotoNotDetectError',
  'DocumentVerifyError', 'TrackStringParserError', 'CompareFacesError', 'CaptureFacesError', 'AntiSpoofing',
];
const BODY_ERRORS: ErrorCode[] = ['ValidationError', 'PayloadTooLarge', 'UnsupportedMediaType'];
const ONBOARDING = '/api/PublicOnboarding/Requests';

/** The 429 of a keyless route over its per-address limit (address-limit.ts). */
const ADDRESS_LIMITED: Schema = {
  description: 'Error: TooManyRequests (calls without a key, per client address)',
  headers: { 'Retry-After': { required: true, schema: { type: 'integer' } } },
  content: json(errorOf(['TooManyRequests'])),
  'x-error-codes': ['TooManyRequests'],
};

/** A static file of the dashboard page: no key, behind the HTTPS rule, its own CSP; not JSON, so not through operation(). */
function pageFile(id: string, summary: string, types: string[], parameters: Schema[] = []): Schema {
  const error = (codes: ErrorCode[]): Schema => ({ description: `Error: ${codes.join(', ')}`, content: json(errorOf(codes)), 'x-error-codes': codes });
  return {
    operationId: id, summary, security: [], parameters,
    responses: {
      200: {
        description: 'The file, with the page\'s Content-Security-Policy',
        headers: { 'Content-Security-Policy': { required: true, schema: { type: 'string' } } },
        content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }])),
      },
      403: error(['HttpsRequired']),
      404: error(['NotFound']),
      429: ADDRESS_LIMITED,
      500: error(['ApiError']),
    },
  };
}

const PATHS: Record<string, Record<string, Schema>> = {
  '/api/Verify': {
    post: operation('verify', {
      summary: 'Verify a document in one call', keys: ['secret'], body: ref('RequestContentIn'), parameters: [returnContent],
      ok: { status: 200, schema: ref('VerificationResponse'), headers: ['Server-Timing'] }, errors: [...READER_ERRORS, ...BODY_ERRORS],
    }),
  },
  '/api/Verify/{requestId}': {
    post: operation('verifyStored', {
      summary: 'Verify a stored request', keys: ['secret'], parameters: [idParam('requestId'), returnContent],
      ok: { status: 200, schema: ref('VerificationResponse'), headers: ['Server-Timing'] },
      errors: [...READER_ERRORS, 'RequestAlreadyProcessed', 'RequestExpired', 'Erased'],
    }),
  },
  '/api/Request': {
    post: operation('createRequest', {
      summary: 'Store a request for a later verification (429 TooManyRequests when a public key holds its cap of pending requests)', keys: ['public', 'secret'], body: ref('RequestContentIn'),
      ok: { status: 201, schema: ref('RequestSummary'), headers: ['Location'] }, errors: [...BODY_ERRORS, 'MultipleErrors', 'FrontImageRequiredError', 'BackImageOrTrackStringNotPresentError'],
    }),
  },
  '/api/Request/{id}': {
    get: operation('getRequest', {
      summary: 'A request\'s status (410 Erased once erased)', keys: ['public', 'secret'], parameters: [idParam()],
      ok: { status: 200, schema: ref('RequestSummary') }, errors: ['Erased'],
    }),
    delete: operation('eraseRequest', {
      summary: 'Erase a request: its images, content, result and personal fields at once; later reads answer 410 Erased',
      keys: ['secret'], parameters: [idParam()], ok: { status: 204 }, errors: ['Erased'],
    }),
  },
  '/api/Request/{id}/content': {
    get: operation('getRequestContent', {
      summary: 'A request\'s stored content (recorded in the audit trail)', keys: ['secret'], parameters: [idParam()],
      ok: { status: 200, schema: ref('StoredContent') }, errors: ['Erased'],
    }),
  },
  '/api/Request/{id}/result': {
    get: operation('getRequestResult', {
      summary: 'A finished request\'s result (recorded in the audit trail)', keys: ['secret'], parameters: [idParam()],
      ok: { status: 200, schema: ref('RequestResult') }, errors: ['Erased'],
    }),
  },
  '/api/Webhooks': {
    post: operation('createWebhook', {
      summary: 'Register a webhook endpoint (the secret is shown only here)', keys: ['secret'], body: ref('NewWebhookEndpoint'),
      ok: { status: 201, schema: ref('WebhookEndpointCreated'), headers: ['Location'] }, errors: [...BODY_ERRORS, 'BadRequest'],
    }),
    get: operation('listWebhooks', { summary: 'The account\'s webhook endpoints', keys: ['secret'], ok: { status: 200, schema: { type: 'array', items: ref('WebhookEndpoint') } } }),
  },
  '/api/Webhooks/{id}': {
    delete: operation('deleteWebhook', { summary: 'Remove a webhook endpoint', keys: ['secret'], parameters: [idParam()], ok: { status: 204 } }),
  },
  '/api/Webhooks/{id}/deliveries': {
    get: operation('listWebhookDeliveries', {
      summary: 'The newest 100 deliveries of an endpoint', keys: ['secret'], parameters: [idParam()],
      ok: { status: 200, schema: { type: 'array', items: ref('WebhookDelivery') } },
    }),
  },
  [ONBOARDING]: {
    get: operation('listValidationRequests', {
      summary: 'Validation requests of the key\'s locations, newest first', keys: ['private'],
      parameters: [
        { name: 'metadata', in: 'query', required: false, description: 'metadata[key]=value (repeatable) or metadata={"key":"value"}', schema: { type: 'string' } },
        {
          name: 'status', in: 'query', required: false, description: 'only requests in this state: a value or a name, case-insensitive (2, failed)',
          schema: { anyOf: [ref('RequestStatus'), { type: 'string', enum: ['Pending', 'Success', 'Failed', 'Expired'] }] },
        },
        { name: 'offset', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000 } },
      ],
      ok: { status: 200, schema: { type: 'array', items: ref('ValidationRequest') }, headers: ['X-Total-Count'] }, errors: ['BadRequest'],
    }),
    post: operation('createValidationRequest', {
      summary: 'Create an onboarding invitation', keys: ['private'], body: ref('NewValidationRequest'), form: true,
      ok: { status: 201, schema: ref('ValidationRequest'), headers: ['Location'] }, errors: ['BadRequest', 'PayloadTooLarge', 'UnsupportedMediaType'],
    }),
  },
  [`${ONBOARDING}/{id}`]: {
    get: operation('getValidationRequest', {
      summary: 'One invitation', keys: ['private'], parameters: [idParam()], ok: { status: 200, schema: ref('ValidationRequest') }, errors: ['Erased'],
    }),
    delete: operation('eraseValidationRequest', {
      summary: 'Erase an invitation (names, phone, email, metadata) and every attempt\'s request; later reads answer 410 Erased',
      keys: ['private'], parameters: [idParam()], ok: { status: 204 }, errors: ['Erased'],
    }),
  },
  [`${ONBOARDING}/{id}/opened`]: {
    post: operation('recordLinkOpened', {
      summary: 'The person opened the link', keys: ['private'], parameters: [idParam()], ok: { status: 200, schema: ref('ValidationRequest') }, errors: ['Erased'],
    }),
  },
  [`${ONBOARDING}/{id}/attempts`]: {
    post: operation('recordAttempt', {
      summary: 'Submit a document attempt', keys: ['private'], parameters: [idParam()], body: ref('RequestContentIn'), form: true,
      ok: { status: 200, schema: ref('AttemptOutcome') },
      errors: [...BODY_ERRORS, 'MultipleErrors', 'RequestAlreadyProcessed', 'FrontImageRequiredError', 'BackImageOrTrackStringNotPresentError', 'Erased'],
    }),
  },
  [`${ONBOARDING}/{id}/lastResponse`]: {
    get: operation('getLastAttempt', {
      summary: 'The last attempt\'s outcome, read back (404 before any attempt; recorded in the audit trail)', keys: ['private'], parameters: [idParam()],
      ok: { status: 200, schema: ref('AttemptOutcome') }, errors: ['Erased'],
    }),
  },
  '/dashboard': { get: pageFile('dashboardPage', 'The dashboard page for a location\'s staff (index.html)', ['text/html']) },
  '/dashboard/{name}': {
    get: pageFile('dashboardFile', 'A file of the dashboard page: its ES modules, style sheet and icon', ['text/javascript', 'text/css', 'image/svg+xml'], [{
      name: 'name', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9-]+\\.(html|js|css|svg)$' },
    }]),
  },
  '/health': { get: operation('health', { summary: 'Liveness', ok: { status: 200, schema: ref('Health') } }) },
  '/ready': { get: operation('ready', { summary: 'Readiness: pipeline and store reachable', ok: { status: 200, schema: ref('Ready') } }) },
  '/metrics': {
    get: {
      operationId: 'metrics', summary: 'Prometheus metrics (IDV_METRICS decides who may read)', security: [],
      responses: {
        200: { description: 'Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } },
        403: { description: 'Error: Forbidden', content: json(errorOf(['Forbidden'])), 'x-error-codes': ['Forbidden'] },
        404: { description: 'Error: NotFound', content: json(errorOf(['NotFound'])), 'x-error-codes': ['NotFound'] },
        429: ADDRESS_LIMITED,
      },
    },
  },
  '/openapi.json': {
    get: { operationId: 'openapi', summary: 'This document', security: [], responses: { 200: { description: 'OpenAPI 3.1', content: json({ type: 'object' }) }, 429: ADDRESS_LIMITED } },
  },
};

const WEBHOOK_HEADERS = [
  { name: 'Idv-Event-Id', in: 'header', required: true, schema: { type: 'string', format: 'uuid' }, description: 'Dedupe on it: an event may arrive more than once.' },
  { name: 'Idv-Signature', in: 'header', required: true, schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' }, description: 'HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret, hex.' },
];

function webhook(type: string, when: string): Schema {
  return {
    post: {
      operationId: `webhook_${type.replace('.', '_')}`, summary: `${type}: ${when}`, parameters: WEBHOOK_HEADERS,
      requestBody: { required: true, content: json({ allOf: [ref('WebhookEvent'), { properties: { type: { const: type } } }] }) },
      responses: { '2XX': { description: 'Received. Anything else, or no answer within 10 s, is retried.' } },
    },
  };
}

export const OPENAPI_DOCUMENT = Object.freeze({
  openapi: '3.1.0',
  jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
  info: {
    title: 'idv: identity-document verification',
    version: '1',
    description: 'Both interfaces of api-contract.md (verification and dashboard public) with the choices of decisions.md. See docs/api.md.',
  },
  servers: [{ url: '/' }],
  security: [],
  paths: PATHS,
  webhooks: {
    'verification.completed': webhook('verification.completed', 'a verification answered 200'),
    'verification.failed': webhook('verification.failed', 'a reader error ended the request Failed'),
    'request.expired': webhook('request.expired', 'the checking time of a pending request ran out'),
    'onboarding.completed': webhook('onboarding.completed', 'an attempt with an OK verdict completed a validation request'),
  },
  components: {
    schemas: SCHEMAS,
    securitySchemes: {
      publicKey: { type: 'http', scheme: 'bearer', bearerFormat: 'pk_…', description: 'Public key: creates requests only.' },
      secretKey: { type: 'http', scheme: 'bearer', bearerFormat: 'sk_…', description: 'Secret key: full access to its account.' },
      privateKey: { type: 'http', scheme: 'bearer', bearerFormat: 'prk_…', description: 'Dashboard key, bound to locations.' },
    },
  },
});
