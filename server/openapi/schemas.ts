/** JSON Schemas (2020-12, as OpenAPI 3.1 takes them) of the bodies sent and taken, field for field. */
import { CAPTURE_IMAGES, CAPTURE_REASONS } from '../../common/capture.js';
import { CHECK_NAMES, CHECK_RESULTS } from '../../common/checks.js';
import { DOCUMENT_FIELDS } from '../../common/document.js';
import { ERROR_CODES } from '../../common/errors.js';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/events.js';
import { MAX_ATTEMPTS } from '../webhooks/schedule.js';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: Schema): Schema => ({ oneOf: [schema, { type: 'null' }] });
const str: Schema = { type: 'string' };
const uuid: Schema = { type: 'string', format: 'uuid' };
const dateTime: Schema = { type: 'string', format: 'date-time' };
/** Every member listed is required; no others. */
function object(properties: Record<string, Schema>, optional: string[] = []): Schema {
  return { type: 'object', properties, required: Object.keys(properties).filter((k) => !optional.includes(k)), additionalProperties: false };
}

const documentFields = object(Object.fromEntries(DOCUMENT_FIELDS.map((f) => [f, nullable(str)])));
const confidence = object(Object.fromEntries(DOCUMENT_FIELDS.map((f) => [f, { type: 'number' }])));
/** The verdict's numbers are integers (decisions.md, "Verdict"); -1: no value / not checked. */
const verificationConfidence = object(Object.fromEntries(DOCUMENT_FIELDS.map((f) => [f, { type: 'integer', minimum: -1, maximum: 100 }])));
const base64 = nullable({ type: 'string', contentEncoding: 'base64' });
const status: Schema = { type: 'integer', enum: [0, 1, 2, 3], description: '0 Pending, 1 Success, 2 Failed, 3 Expired' };
const statusName: Schema = { type: 'string', enum: ['Pending', 'Success', 'Failed', 'Expired'] };
const documentType: Schema = { type: 'integer', enum: [1, 2, 3, 6, 7], description: '1 ID, 2 Passport, 3 PassportCard, 6 GreenCard, 7 InternationalId' };
const percent: Schema = { type: 'number', minimum: 0, maximum: 100 };
const content = object({ frontImageBase64: base64, backOrSecondImageBase64: base64, faceImageBase64: base64, trackString: nullable(str) });

export const SCHEMAS: Record<string, Schema> = {
  ErrorCode: { type: 'string', enum: Object.keys(ERROR_CODES) },
  Error: {
    ...object({
      traceId: str,
      code: ref('ErrorCode'),
      message: str,
      propertyErrors: nullable({ type: 'object', additionalProperties: str }),
      multipleErrors: nullable({ type: 'array', items: ref('Error') }),
      DeveloperMessage: str,
      imageQuality: { type: 'array', items: ref('ImageQuality'), description: 'reader errors (OCRError, MRZOCRError, MrzIsNotPresentError, PDF417Error, FaceDocNotDetectError, FacePhotoNotDetectError): the images measured' },
      captureFeedback: { type: 'array', items: ref('CaptureFeedback'), description: 'reader errors: what to retake' },
    }, ['DeveloperMessage', 'imageQuality', 'captureFeedback']),
  },
  DocumentType: documentType,
  RequestStatus: status,
  DocumentFields: documentFields,
  Confidence: confidence,
  VerificationConfidence: verificationConfidence,
  VerificationCheck: object({
    name: { type: 'string', enum: [...CHECK_NAMES] },
    field: { type: 'string', enum: [...DOCUMENT_FIELDS], description: 'the document field compared; absent for a check of no one field' },
    result: { type: 'string', enum: [...CHECK_RESULTS] },
    visual: { type: 'string', description: 'the front\'s reading of the field, where the front was read there' },
    machineReadable: { type: 'string', description: 'the machine-readable value of the field' },
    score: { type: 'integer', minimum: 0, maximum: 100, description: 'how strongly the evidence supports the machine-readable value' },
    reason: { type: 'string', description: 'one plain sentence: what was found' },
  }, ['field', 'visual', 'machineReadable', 'score']),
  RequestContentIn: {
    type: 'object',
    properties: {
      documentType: { oneOf: [{ type: 'integer' }, { type: 'string' }], description: 'an integer, a numeric string or a name, case-insensitive' },
      verifyFace: { oneOf: [{ type: 'boolean' }, { type: 'string' }, { type: 'integer' }] },
      frontImageBase64: str,
      backOrSecondImageBase64: nullable(str),
      faceImageBase64: nullable(str),
      trackString: {
        oneOf: [str, object({ data: str }), { type: 'null' }],
        description: 'base64 of the barcode text, the barcode text itself, or for types 2, 3, 6 and 7 MRZ text (lines broken or run together); also as { "data": … }',
      },
    },
    required: ['documentType', 'frontImageBase64'],
  },
  RequestContent: content,
  StoredContent: { ...object({ documentType, verifyFace: { type: 'boolean' }, ...(content.properties as Record<string, Schema>) }) },
  RequestSummary: object({ requestId: uuid, status, statusName, documentType }),
  VerificationResponse: object({
    requestId: uuid,
    documentType,
    document: ref('DocumentFields'),
    visual: object({ document: ref('DocumentFields'), confidence: ref('Confidence') }),
    machineReadable: object({ document: ref('DocumentFields'), confidence: ref('Confidence') }),
    facePhotoFromDocument: base64,
    facePhoto: base64,
    signature: base64,
    documentVerificationResult: nullable(object({
      status: { type: 'integer', enum: [0, 1, 2, 3], description: '0 OK, 1 ItsFake, 2 Expired, 3 LowConfidence' },
      verificationConfidence: ref('VerificationConfidence'),
      totalConfidence: { type: 'integer', minimum: 0, maximum: 100 },
      checks: { type: 'array', items: ref('VerificationCheck'), description: 'one entry per check made, in the order the verdict evaluates them' },
    })),
    faceVerificationResult: nullable(object({ confidence: { type: 'number' }, antiSpoofing: { type: 'number' } })),
    imageQuality: { type: 'array', items: ref('ImageQuality'), description: 'one entry per image the pipeline read (absent only from results stored before it existed)' },
    captureFeedback: { type: 'array', items: ref('CaptureFeedback'), description: 'reasons to retake an image; empty when the capture is good' },
    request: object({
      id: uuid, userId: uuid, documentType, content, status, statusName, created: dateTime, ocrVisual: { type: 'boolean' },
    }),
  }, ['imageQuality', 'captureFeedback']),
  ImageQuality: object({
    image: { type: 'string', enum: [...CAPTURE_IMAGES] },
    width: { type: 'integer', minimum: 1 },
    height: { type: 'integer', minimum: 1 },
    dpi: nullable({ type: 'number', minimum: 0, description: 'the document\'s pixels over its physical size; null for the face' }),
    sharpness: percent,
    glare: percent,
    brightness: percent,
    documentCoverage: nullable({ type: 'number', minimum: 0, maximum: 1, description: 'share of the frame the document fills; null for the face' }),
    cutOff: nullable({ type: 'boolean', description: 'a document edge leaves the frame; null for the face' }),
    jpegQuality: nullable({ type: 'integer', minimum: 1, maximum: 100, description: 'estimate from the JPEG\'s tables; null when not a JPEG' }),
  }),
  CaptureFeedback: object({ image: { type: 'string', enum: [...CAPTURE_IMAGES] }, reason: { type: 'string', enum: [...CAPTURE_REASONS] } }),
  RequestResult: object({
    requestId: uuid,
    verificationResult: nullable(ref('VerificationResponse')),
    succeeded: { type: 'boolean' },
    failureMessage: nullable(str),
    failureCode: nullable(ref('ErrorCode')),
  }),
  ValidationRequest: object({
    validationRequestId: uuid,
    firstName: nullable(str),
    lastName: nullable(str),
    phone: nullable(str),
    email: nullable(str),
    openedLinkTimes: { type: 'integer', minimum: 0 },
    createdUtc: { type: 'string', pattern: '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?$', description: 'ISO 8601 UTC without zone suffix' },
    completed: { type: 'boolean' },
    status,
    statusName,
    lastResponseId: nullable(uuid),
    successResponseId: nullable(uuid),
    attemptsUsed: { type: 'integer', minimum: 0 },
    documentExpired: nullable({ type: 'boolean' }),
    metadata: { type: 'object', additionalProperties: str },
  }),
  NewValidationRequest: {
    type: 'object',
    properties: {
      location: str, firstName: str, lastName: str, phone: str, email: str,
      metadata: { type: 'object', additionalProperties: str },
    },
  },
  AttemptOutcome: object({
    validationRequest: ref('ValidationRequest'),
    responseId: uuid,
    succeeded: { type: 'boolean' },
    verificationResult: nullable(ref('VerificationResponse')),
    failureCode: nullable(ref('ErrorCode')),
    failureMessage: nullable(str),
  }),
  WebhookEventType: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] },
  NewWebhookEndpoint: {
    type: 'object',
    properties: { url: { type: 'string', format: 'uri' }, events: { type: 'array', items: ref('WebhookEventType'), minItems: 1 } },
    required: ['url'],
    additionalProperties: false,
  },
  WebhookEndpoint: object({ id: uuid, url: str, events: { type: 'array', items: ref('WebhookEventType') }, createdAt: dateTime }),
  WebhookEndpointCreated: object({
    id: uuid, url: str, events: { type: 'array', items: ref('WebhookEventType') }, createdAt: dateTime,
    secret: { type: 'string', pattern: '^whsec_' },
  }),
  WebhookDelivery: object({
    id: uuid,
    eventId: uuid,
    type: ref('WebhookEventType'),
    state: { type: 'string', enum: ['pending', 'delivered', 'abandoned'] },
    attempts: { type: 'integer', minimum: 0 },
    createdAt: dateTime,
    lastAttemptAt: nullable(dateTime),
    lastStatusCode: nullable({ type: 'integer' }),
    lastError: nullable(str),
    nextAttemptAt: nullable(dateTime),
    attemptLog: {
      type: 'array', maxItems: MAX_ATTEMPTS, items: ref('WebhookAttempt'),
      description: `Every attempt, newest first (the retry schedule makes at most ${MAX_ATTEMPTS})`,
    },
  }),
  WebhookAttempt: object({
    attempt: { type: 'integer', minimum: 1 },
    at: { ...dateTime, description: 'When the attempt was sent' },
    statusCode: { ...nullable({ type: 'integer' }), description: 'The receiver\'s HTTP status; null when it did not answer' },
    error: { ...nullable(str), description: 'Why the attempt failed (no 2xx): "answered HTTP 500", "ECONNREFUSED", "no answer within 10 s"…; null when it succeeded' },
    durationMs: { ...nullable({ type: 'integer', minimum: 0 }), description: 'From sending to the answer or the failure; null when unknown' },
  }),
  WebhookEvent: object({
    id: uuid,
    type: ref('WebhookEventType'),
    created: dateTime,
    data: object({
      requestId: uuid, documentType, status, statusName,
      documentStatus: { type: 'integer' }, faceConfidence: { type: 'number' }, code: ref('ErrorCode'), validationRequestId: uuid,
    }, ['documentStatus', 'faceConfidence', 'code', 'validationRequestId']),
  }),
  Health: object({ status: { const: 'ok' } }),
  Ready: object({ status: { const: 'ready' }, pipeline: str, store: str }),
};
