/**
 * The client's types, taken from the OpenAPI document's generated types (common/api-types.ts,
 * `npm run openapi:gen`) so that they cannot drift from what the server answers. Type-only: the
 * import is erased at compile time and the built client imports nothing from outside itself.
 */
import type { components, operations } from '../../common/api-types.js';

type Schemas = components['schemas'];
/** The JSON body of one response of an operation. */
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The request content of POST /api/Verify and POST /api/Request (images as base64). */
export type RequestContent = operations['verify']['requestBody']['content']['application/json'];
export type VerificationResponse = JsonOf<operations['verify']['responses'][200]>;
/** `{ requestId, status, statusName, documentType }` of POST /api/Request and GET /api/Request/{id}. */
export type RequestSummary = JsonOf<operations['getRequest']['responses'][200]>;
export type StoredContent = JsonOf<operations['getRequestContent']['responses'][200]>;
export type RequestResult = JsonOf<operations['getRequestResult']['responses'][200]>;

export type ValidationRequest = Schemas['ValidationRequest'];
export type NewValidationRequest = operations['createValidationRequest']['requestBody']['content']['application/json'];
type ListQuery = NonNullable<operations['listValidationRequests']['parameters']['query']>;
/** Filters and paging of the dashboard list; `metadata` pairs must all match. */
export interface ListOptions {
  metadata?: Record<string, string>;
  status?: ListQuery['status'];
  offset?: number;
  limit?: number;
}

export type ErrorCode = Schemas['ErrorCode'];
export type ErrorBody = Schemas['Error'];
export type WebhookEvent = Schemas['WebhookEvent'];
export type DocumentType = Schemas['DocumentType'];
export type RequestStatus = Schemas['RequestStatus'];
