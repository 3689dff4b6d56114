// Times are epoch ms, booleans 0/1; images go last in their row so reading a state does not page through them.
import type { WebhookEventType } from '../webhooks/events.js';
import type {
  ApiKeyRecord, KeyType, WebhookAttemptRecord, WebhookDeliveryRecord, WebhookDeliveryState, WebhookEndpointRecord,
} from './store.js';

/** Created first: sealing records left in clear needs it. */
export const KEY_RING_SCHEMA = 'CREATE TABLE IF NOT EXISTS data_protection (name TEXT PRIMARY KEY, value TEXT NOT NULL)';

/** PRAGMA user_version; older versions: sqlite-upgrade.ts. */
export const SCHEMA_VERSION = 2;

/** Idempotent. Only what lookups need stays in clear; the audit trail refuses UPDATE and DELETE by trigger. */
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
  verify_face INTEGER NOT NULL,
  images_deleted INTEGER NOT NULL,
  created INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  finished_at INTEGER,
  claimed_at INTEGER,
  failure_code TEXT,
  onboarding_id TEXT,
  erased_at INTEGER,
  created_by_key TEXT,
  data_key BLOB,
  failure_message BLOB,
  track_string BLOB,
  result BLOB,
  front_image BLOB,
  back_image BLOB,
  face_image BLOB
);
CREATE INDEX IF NOT EXISTS requests_pending_by_deadline ON requests (expires_at) WHERE status = 0;
CREATE INDEX IF NOT EXISTS requests_finished_with_images ON requests (finished_at)
  WHERE status <> 0 AND images_deleted = 0;
CREATE INDEX IF NOT EXISTS requests_by_onboarding ON requests (onboarding_id) WHERE onboarding_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS requests_pending_by_key ON requests (created_by_key, expires_at)
  WHERE status = 0 AND erased_at IS NULL;
CREATE TABLE IF NOT EXISTS validation_requests (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  location TEXT NOT NULL,
  opened_link_times INTEGER NOT NULL,
  created_utc INTEGER NOT NULL,
  completed INTEGER NOT NULL,
  status INTEGER NOT NULL,
  last_response_id TEXT,
  success_response_id TEXT,
  attempts_used INTEGER NOT NULL,
  document_expired INTEGER,
  erased_at INTEGER,
  data_key BLOB,
  personal BLOB
);
CREATE INDEX IF NOT EXISTS validation_requests_listing
  ON validation_requests (account_id, location, created_utc DESC, id DESC);
CREATE TABLE IF NOT EXISTS validation_metadata (
  tag TEXT NOT NULL,
  request_id TEXT NOT NULL REFERENCES validation_requests (id) ON DELETE CASCADE,
  PRIMARY KEY (tag, request_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS audit_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  account_id TEXT NOT NULL,
  key_prefix TEXT NOT NULL,
  key_type TEXT NOT NULL,
  action TEXT NOT NULL,
  request_id TEXT NOT NULL,
  trace_id TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_log_by_account ON audit_log (account_id, at, seq);
CREATE TRIGGER IF NOT EXISTS audit_log_no_update BEFORE UPDATE ON audit_log
  BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_log_no_delete BEFORE DELETE ON audit_log
  BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
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
CREATE TABLE IF NOT EXISTS webhook_attempts (
  delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL,
  at INTEGER NOT NULL,
  status_code INTEGER,
  error TEXT,
  duration_ms INTEGER,
  PRIMARY KEY (delivery_id, attempt)
) WITHOUT ROWID;
`;

export type Row = Record<string, unknown>;
export type Param = string | number | null | Uint8Array;

export const ms = (date: Date): number => date.getTime();
export const msOrNull = (date: Date | null): number | null => (date === null ? null : date.getTime());
export const date = (value: unknown): Date => new Date(Number(value));
export const dateOrNull = (value: unknown): Date | null => (value === null ? null : date(value));
export const text = (value: unknown): string => String(value);
export const textOrNull = (value: unknown): string | null => (value === null ? null : String(value));
export const flag = (value: unknown): boolean => Number(value) !== 0;
export const flagOrNull = (value: unknown): boolean | null => (value === null ? null : flag(value));
export const bool01 = (value: boolean): number => (value ? 1 : 0);
/** A BLOB as a Buffer over the same memory (the driver hands out a fresh copy). */
export const bytes = (value: unknown): Buffer | null =>
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

export function attemptFromRow(row: Row): WebhookAttemptRecord {
  return {
    attempt: Number(row.attempt),
    at: date(row.at),
    statusCode: row.status_code === null ? null : Number(row.status_code),
    error: textOrNull(row.error),
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
  };
}
