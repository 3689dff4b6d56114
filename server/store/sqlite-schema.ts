/**
 * Tables of the embedded store and the mapping between their rows and the store's records.
 * Times are integer milliseconds since the epoch, booleans 0/1, JSON as text, images as BLOBs
 * (last in their row, so that reading the state of a request does not page through them).
 */
import type { DocumentTypeValue, RequestStatusValue } from '../../common/document.js';
import type { WebhookEventType } from '../webhooks/events.js';
import type {
  ApiKeyRecord, KeyType, ValidationRequestRecord, VerificationRequestRecord, WebhookDeliveryRecord, WebhookDeliveryState,
  WebhookEndpointRecord,
} from './store.js';

/** Idempotent DDL. Metadata pairs also live in a side table, indexed, for exact filtering. */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  hash TEXT PRIMARY KEY,
  hint TEXT NOT NULL,
  type TEXT NOT NULL,
  account_id TEXT NOT NULL,
  locations TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE TABLE IF NOT EXISTS requests (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  document_type INTEGER NOT NULL,
  status INTEGER NOT NULL,
  track_string TEXT,
  verify_face INTEGER NOT NULL,
  images_deleted INTEGER NOT NULL,
  created INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  finished_at INTEGER,
  claimed_at INTEGER,
  result TEXT,
  failure_code TEXT,
  failure_message TEXT,
  front_image BLOB,
  back_image BLOB,
  face_image BLOB
);
CREATE INDEX IF NOT EXISTS requests_pending_by_deadline ON requests (expires_at) WHERE status = 0;
CREATE INDEX IF NOT EXISTS requests_finished_with_images ON requests (finished_at)
  WHERE status <> 0 AND images_deleted = 0;
CREATE TABLE IF NOT EXISTS validation_requests (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  location TEXT NOT NULL,
  first_name TEXT,
  last_name TEXT,
  phone TEXT,
  email TEXT,
  metadata TEXT NOT NULL,
  opened_link_times INTEGER NOT NULL,
  created_utc INTEGER NOT NULL,
  completed INTEGER NOT NULL,
  status INTEGER NOT NULL,
  last_response_id TEXT,
  success_response_id TEXT,
  attempts_used INTEGER NOT NULL,
  document_expired INTEGER
);
CREATE INDEX IF NOT EXISTS validation_requests_listing
  ON validation_requests (account_id, location, created_utc DESC, id DESC);
CREATE TABLE IF NOT EXISTS validation_metadata (
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  request_id TEXT NOT NULL REFERENCES validation_requests (id) ON DELETE CASCADE,
  PRIMARY KEY (key, value, request_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  secret TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_endpoints_by_account ON webhook_endpoints (account_id, created_at);
CREATE TABLE IF NOT EXISTS webhook_outbox (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  event TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id TEXT PRIMARY KEY,
  endpoint_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  next_attempt_at INTEGER,
  last_attempt_at INTEGER,
  last_status_code INTEGER,
  last_error TEXT,
  claimed_attempt INTEGER,
  claimed_at INTEGER
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX IF NOT EXISTS webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at DESC);
`;

/** A result row; values are number, bigint, string, Uint8Array or null. */
export type Row = Record<string, unknown>;
type Param = string | number | null | Uint8Array;

const ms = (date: Date): number => date.getTime();
const msOrNull = (date: Date | null): number | null => (date === null ? null : date.getTime());
const date = (value: unknown): Date => new Date(Number(value));
const dateOrNull = (value: unknown): Date | null => (value === null ? null : date(value));
const text = (value: unknown): string => String(value);
const textOrNull = (value: unknown): string | null => (value === null ? null : String(value));
const flag = (value: unknown): boolean => Number(value) !== 0;
const flagOrNull = (value: unknown): boolean | null => (value === null ? null : flag(value));
const bool01 = (value: boolean): number => (value ? 1 : 0);
/** A BLOB as a Buffer over the same memory (the driver hands out a fresh copy). */
const bytes = (value: unknown): Buffer | null =>
  value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : null;

export function keyParams(key: ApiKeyRecord): Param[] {
  return [key.hash, key.hint, key.type, key.accountId, JSON.stringify(key.locations), ms(key.createdAt), msOrNull(key.revokedAt)];
}

export function keyFromRow(row: Row): ApiKeyRecord {
  return {
    hash: text(row.hash),
    hint: text(row.hint),
    type: text(row.type) as KeyType,
    accountId: text(row.account_id),
    locations: JSON.parse(text(row.locations)) as string[],
    createdAt: date(row.created_at),
    revokedAt: dateOrNull(row.revoked_at),
  };
}

/** Column order of `INSERT INTO requests VALUES (…)`. */
export function requestParams(r: VerificationRequestRecord): Param[] {
  const c = r.content;
  return [
    r.id, r.accountId, r.documentType, r.status, c.trackString, bool01(c.verifyFace), bool01(r.imagesDeleted),
    ms(r.created), ms(r.expiresAt), msOrNull(r.finishedAt), msOrNull(r.claimedAt),
    r.result === null ? null : JSON.stringify(r.result), r.failureCode, r.failureMessage,
    c.frontImage, c.backImage, c.faceImage,
  ];
}

export function requestFromRow(row: Row): VerificationRequestRecord {
  return {
    id: text(row.id),
    accountId: text(row.account_id),
    documentType: Number(row.document_type) as DocumentTypeValue,
    status: Number(row.status) as RequestStatusValue,
    content: {
      frontImage: bytes(row.front_image),
      backImage: bytes(row.back_image),
      faceImage: bytes(row.face_image),
      trackString: textOrNull(row.track_string),
      verifyFace: flag(row.verify_face),
    },
    imagesDeleted: flag(row.images_deleted),
    created: date(row.created),
    expiresAt: date(row.expires_at),
    finishedAt: dateOrNull(row.finished_at),
    result: row.result === null ? null : (JSON.parse(text(row.result)) as Record<string, unknown>),
    failureCode: textOrNull(row.failure_code),
    failureMessage: textOrNull(row.failure_message),
    claimedAt: dateOrNull(row.claimed_at),
  };
}

/** Column order of `INSERT INTO validation_requests VALUES (…)`. */
export function validationParams(v: ValidationRequestRecord): Param[] {
  return [
    v.id, v.accountId, v.location, v.firstName, v.lastName, v.phone, v.email, JSON.stringify(v.metadata),
    v.openedLinkTimes, ms(v.createdUtc), bool01(v.completed), v.status, v.lastResponseId, v.successResponseId,
    v.attemptsUsed, v.documentExpired === null ? null : bool01(v.documentExpired),
  ];
}

export function validationFromRow(row: Row): ValidationRequestRecord {
  return {
    id: text(row.id),
    accountId: text(row.account_id),
    location: text(row.location),
    firstName: textOrNull(row.first_name),
    lastName: textOrNull(row.last_name),
    phone: textOrNull(row.phone),
    email: textOrNull(row.email),
    metadata: JSON.parse(text(row.metadata)) as Record<string, string>,
    openedLinkTimes: Number(row.opened_link_times),
    createdUtc: date(row.created_utc),
    completed: flag(row.completed),
    status: Number(row.status) as RequestStatusValue,
    lastResponseId: textOrNull(row.last_response_id),
    successResponseId: textOrNull(row.success_response_id),
    attemptsUsed: Number(row.attempts_used),
    documentExpired: flagOrNull(row.document_expired),
  };
}

/** Column order of `INSERT INTO webhook_endpoints VALUES (…)`. */
export function endpointParams(e: WebhookEndpointRecord): Param[] {
  return [e.id, e.accountId, e.url, JSON.stringify(e.events), e.secret, ms(e.createdAt)];
}

export function endpointFromRow(row: Row): WebhookEndpointRecord {
  return {
    id: text(row.id),
    accountId: text(row.account_id),
    url: text(row.url),
    events: JSON.parse(text(row.events)) as WebhookEventType[],
    secret: text(row.secret),
    createdAt: date(row.created_at),
  };
}

/** Column order of `INSERT INTO webhook_deliveries VALUES (…)`; no claim yet. */
export function deliveryParams(d: WebhookDeliveryRecord): Param[] {
  return [
    d.id, d.endpointId, d.accountId, d.eventId, d.eventType, d.payload, ms(d.createdAt), d.state, d.attempts,
    msOrNull(d.nextAttemptAt), msOrNull(d.lastAttemptAt), d.lastStatusCode, d.lastError, null, null,
  ];
}

export function deliveryFromRow(row: Row): WebhookDeliveryRecord {
  return {
    id: text(row.id),
    endpointId: text(row.endpoint_id),
    accountId: text(row.account_id),
    eventId: text(row.event_id),
    eventType: text(row.event_type) as WebhookEventType,
    payload: text(row.payload),
    createdAt: date(row.created_at),
    state: text(row.state) as WebhookDeliveryState,
    attempts: Number(row.attempts),
    nextAttemptAt: dateOrNull(row.next_attempt_at),
    lastAttemptAt: dateOrNull(row.last_attempt_at),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: textOrNull(row.last_error),
  };
}
