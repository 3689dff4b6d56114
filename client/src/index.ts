/**
 * idv-client: the HTTP API of the idv service for TypeScript and JavaScript, on the platform's
 * `fetch` and Web Crypto alone (Node 20, browsers, workers). See README.md.
 */
export { createClient, type IdvClient, type VerifyOptions } from './client.js';
export type { Dashboard, ValidationRequestPage } from './dashboard.js';
export { IdvError } from './errors.js';
export type { ClientOptions } from './http.js';
export { parseRetryAfter, type RetryOptions } from './retry.js';
export type * from './types.js';
export * as webhooks from './webhooks.js';
export { WebhookSignatureError, type WebhookVerifyOptions } from './webhooks.js';
