// Delivery ids derive from event and endpoint ids, so a second relay of an event writes nothing new.
import { createHash } from 'node:crypto';
import { eventBody, type WebhookEvent } from '../webhooks/events.js';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from './store.js';

export function deliveryId(eventId: string, endpointId: string): string {
  const hex = createHash('sha256').update(`${eventId}/${endpointId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${(0x8 | (parseInt(hex[16]!, 16) & 0x3)).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** First attempt due at once. */
export function deliveriesFor(event: WebhookEvent, accountId: string, endpoints: readonly WebhookEndpointRecord[]): WebhookDeliveryRecord[] {
  const payload = eventBody(event);
  return endpoints.filter((endpoint) => endpoint.events.includes(event.type)).map((endpoint) => ({
    id: deliveryId(event.id, endpoint.id),
    endpointId: endpoint.id,
    accountId,
    eventId: event.id,
    eventType: event.type,
    payload,
    createdAt: event.created,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: event.created,
    lastAttemptAt: null,
    lastStatusCode: null,
    lastError: null,
  }));
}

export function eventToJson(event: WebhookEvent): string {
  return JSON.stringify({ ...event, created: event.created.toISOString() });
}

export function eventFromJson(text: string): WebhookEvent {
  const parsed = JSON.parse(text) as Omit<WebhookEvent, 'created'> & { created: string };
  return { ...parsed, created: new Date(parsed.created) };
}
