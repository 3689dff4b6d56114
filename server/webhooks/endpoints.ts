/** Registering webhook endpoints (CLI and HTTP alike): shape, then destination, then stored with a secret shown once. */
import { randomUUID } from 'node:crypto';
import { CodedError } from '../../common/errors.js';
import { fieldErrors } from '../http-errors.js';
import type { Store, WebhookEndpointRecord } from '../store/store.js';
import { PropertyErrors } from '../validation/messages.js';
import { checkDestination, schemeProblem, urlFormProblem } from './address.js';
import { WEBHOOK_EVENT_TYPES, isWebhookEventType, type WebhookEventType } from './events.js';
import { newWebhookSecret } from './signature.js';

/** Endpoints one account may have; more is a mistake (a loop registering), not a need. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 16;
const MAX_URL_LENGTH = 2048;

/** The wire form of an endpoint; the secret only in the answer that creates it. */
export function endpointItem(record: WebhookEndpointRecord, withSecret = false): Record<string, unknown> {
  const item: Record<string, unknown> = { id: record.id, url: record.url, events: [...record.events], createdAt: record.createdAt.toISOString() };
  if (withSecret) item.secret = record.secret;
  return item;
}

function parseInput(body: unknown): { url: string; events: WebhookEventType[] } {
  const errors = new PropertyErrors();
  const input = body !== null && typeof body === 'object' && !Array.isArray(body) ? body as Record<string, unknown> : null;
  if (input === null) throw fieldErrors({ body: 'body must be a JSON object with url and optionally events' });
  const { url, events } = input;
  if (typeof url !== 'string' || url === '' || url.length > MAX_URL_LENGTH) {
    errors.invalid('url', `an https URL of at most ${MAX_URL_LENGTH} characters`, url);
  } else {
    const problem = urlFormProblem(url);
    if (problem !== null) errors.add('url', problem);
  }
  let chosen: WebhookEventType[] = [...WEBHOOK_EVENT_TYPES];
  if (events !== undefined && events !== null) {
    if (!Array.isArray(events) || events.length === 0 || !events.every(isWebhookEventType)) {
      errors.invalid('events', `a non-empty array of ${WEBHOOK_EVENT_TYPES.join(', ')}`, events);
    } else {
      chosen = WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
    }
  }
  for (const name of Object.keys(input)) {
    if (name !== 'url' && name !== 'events') errors.add(name, `${name} is not a field of a webhook endpoint`);
  }
  if (!errors.empty) throw fieldErrors(errors.errors);
  return { url: url as string, events: chosen };
}

export async function registerEndpoint(store: Store, accountId: string, body: unknown, allowPrivate: boolean): Promise<WebhookEndpointRecord> {
  const { url, events } = parseInput(body);
  const problem = schemeProblem(new URL(url), allowPrivate);
  if (problem !== null) throw fieldErrors({ url: problem }, 'BadRequest');
  try {
    await checkDestination(new URL(url), allowPrivate);
  } catch (error) {
    throw fieldErrors({ url: (error as Error).message }, 'BadRequest');
  }
  if ((await store.listWebhookEndpoints(accountId)).length >= MAX_ENDPOINTS_PER_ACCOUNT) {
    throw new CodedError('BadRequest', `An account may register at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints.`);
  }
  const record: WebhookEndpointRecord = {
    id: randomUUID(), accountId, url: new URL(url).toString(), events, secret: newWebhookSecret(), createdAt: new Date(),
  };
  await store.insertWebhookEndpoint(record);
  return record;
}
