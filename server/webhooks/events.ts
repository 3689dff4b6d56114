// Ids and outcomes only, never images or document fields: the receiver fetches the result with its
// own key. Stores write an event in the same write as its change (a transactional outbox).
import { randomUUID } from 'node:crypto';
import { REQUEST_STATUS_NAMES, RequestStatus, VerdictStatus, type DocumentTypeValue, type RequestStatusValue } from '../../common/document.js';

export const WEBHOOK_EVENT_TYPES = Object.freeze([
  'verification.completed', 'verification.failed', 'request.expired', 'onboarding.completed',
] as const);
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** Optional members are left out, not null, when they do not apply. */
export interface WebhookEventData {
  requestId: string;
  documentType: DocumentTypeValue;
  status: RequestStatusValue;
  statusName: string;
  documentStatus?: number;
  faceConfidence?: number;
  code?: string;
  /** onboarding.completed: the invitation that the attempt completed. */
  validationRequestId?: string;
}

export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  created: Date;
  data: WebhookEventData;
}

function event(type: WebhookEventType, at: Date, data: WebhookEventData): WebhookEvent {
  return { id: randomUUID(), type, created: at, data };
}

function base(requestId: string, documentType: DocumentTypeValue, status: RequestStatusValue): WebhookEventData {
  return { requestId, documentType, status, statusName: REQUEST_STATUS_NAMES[status] };
}

function numberAt(result: Record<string, unknown>, member: string, field: string): number | undefined {
  const value = (result[member] as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'number' ? value : undefined;
}

/** verification.completed: the check ran and answered 200 (whatever its verdict). */
export function completedEvent(requestId: string, documentType: DocumentTypeValue, result: Record<string, unknown>, at: Date): WebhookEvent {
  const data = base(requestId, documentType, RequestStatus.Success);
  const documentStatus = numberAt(result, 'documentVerificationResult', 'status');
  const faceConfidence = numberAt(result, 'faceVerificationResult', 'confidence');
  if (documentStatus !== undefined) data.documentStatus = documentStatus;
  if (faceConfidence !== undefined) data.faceConfidence = faceConfidence;
  return event('verification.completed', at, data);
}

export function failedEvent(requestId: string, documentType: DocumentTypeValue, code: string, at: Date): WebhookEvent {
  return event('verification.failed', at, { ...base(requestId, documentType, RequestStatus.Failed), code });
}

export function expiredEvent(requestId: string, documentType: DocumentTypeValue, at: Date): WebhookEvent {
  return event('request.expired', at, base(requestId, documentType, RequestStatus.Expired));
}

/** onboarding.completed: an attempt with an OK verdict completed invitation `validationRequestId`. */
export function onboardingEvent(validationRequestId: string, requestId: string, documentType: DocumentTypeValue, at: Date): WebhookEvent {
  return event('onboarding.completed', at, {
    ...base(requestId, documentType, RequestStatus.Success), documentStatus: VerdictStatus.OK, validationRequestId,
  });
}

/** The bytes that are signed. */
export function eventBody(event: WebhookEvent): string {
  return JSON.stringify({ id: event.id, type: event.type, created: event.created.toISOString(), data: event.data });
}
