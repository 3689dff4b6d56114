// The storage interface (sqlite.ts, mongo.ts). Writes are durable before they resolve; state changes
// are atomic: of two concurrent callers only one succeeds.
import type { DocumentTypeValue, RequestStatusValue } from '../../common/document.js';
import type { KeyRingStorage } from '../data-protection/key-ring.js';
import type { RecordCipher, SealedKind } from '../data-protection/record-cipher.js';
import type { WebhookEventType } from '../webhooks/events.js';

export type KeyType = 'public' | 'secret' | 'private';

export interface ApiKeyRecord {
  /** sha256 of the whole key, hex. The key itself is never stored. */
  hash: string;
  hint: string;
  type: KeyType;
  accountId: string;
  /** Dashboard locations a private key sees; empty for public and secret keys. */
  locations: string[];
  createdAt: Date;
  revokedAt: Date | null;
}

export interface RequestContent {
  frontImage: Buffer | null;
  backImage: Buffer | null;
  faceImage: Buffer | null;
  /** Base64 of the barcode text, as sent. */
  trackString: string | null;
  verifyFace: boolean;
}

export interface VerificationRequestRecord {
  id: string;
  accountId: string;
  documentType: DocumentTypeValue;
  status: RequestStatusValue;
  /** Null once the images are deleted (expiry or retention); trackString and verifyFace stay. */
  content: RequestContent;
  imagesDeleted: boolean;
  created: Date;
  /** Checking deadline: a Pending request past it is Expired, whether or not the sweeper ran. */
  expiresAt: Date;
  finishedAt: Date | null;
  result: Record<string, unknown> | null;
  failureCode: string | null;
  failureMessage: string | null;
  /** Set while one verification runs; a second claim fails. Stale claims can be taken over. */
  claimedAt: Date | null;
  /** The onboarding invitation this request is an attempt of, or null: erasing the invitation erases it too. */
  onboardingId: string | null;
  /** Creating key's hash, to count a public key's pending requests; null on older records. */
  createdByKey: string | null;
  /** Erased: content, result and failure message are null; the rest stays as a stub. */
  erasedAt: Date | null;
}

export type ClaimOutcome =
  | { ok: true; request: VerificationRequestRecord }
  | { ok: false; reason: 'NotFound' | 'AlreadyProcessed' | 'Expired' | 'InProgress' | 'Erased' };

export interface ValidationRequestRecord {
  id: string;
  accountId: string;
  location: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  metadata: Record<string, string>;
  openedLinkTimes: number;
  createdUtc: Date;
  completed: boolean;
  status: RequestStatusValue;
  lastResponseId: string | null;
  successResponseId: string | null;
  attemptsUsed: number;
  documentExpired: boolean | null;
  /** When it was erased: names, phone, email and metadata are gone (null, {}); the rest stays. */
  erasedAt: Date | null;
}

export interface ValidationListQuery {
  accountId: string;
  locations: string[];
  /** Every pair must match exactly. Keys are matched literally, never as operators or paths. */
  metadata: Record<string, string>;
  status?: RequestStatusValue | null;
  offset: number;
  limit: number;
}

/** An account's webhook endpoint. The secret signs deliveries, so it is kept (never listed). */
export interface WebhookEndpointRecord {
  id: string;
  accountId: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  createdAt: Date;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'abandoned';

export interface WebhookDeliveryRecord {
  /** Derived from the event and endpoint ids, so fanning an event out twice makes no second copy. */
  id: string;
  endpointId: string;
  accountId: string;
  eventId: string;
  eventType: WebhookEventType;
  payload: string;
  /** When the event happened; the retry schedule's 24 h count from here. */
  createdAt: Date;
  state: WebhookDeliveryState;
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
}

export interface WebhookAttemptRecord {
  attempt: number;
  /** Sent at (for older records: ended at). */
  at: Date;
  statusCode: number | null;
  error: string | null;
  /** Null on older records. */
  durationMs: number | null;
}

/** A delivery with its attempts, newest first (the newest MAX_ATTEMPTS of webhooks/schedule.ts). */
export interface WebhookDeliveryListing extends WebhookDeliveryRecord {
  attemptLog: WebhookAttemptRecord[];
}

export const AUDIT_ACTIONS = ['content.read', 'result.read', 'onboarding.attempts.read', 'request.erase', 'onboarding.erase'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry of the append-only audit trail: who (account and key) did what to which request. */
export interface AuditEntry {
  at: Date;
  accountId: string;
  /** The key's hint: tells keys apart, useless to call with. */
  keyPrefix: string;
  keyType: KeyType;
  action: AuditAction;
  requestId: string;
  traceId: string;
}

export type { StoreKeys } from '../data-protection/master-key.js';

export interface WrappedDataKey {
  kind: SealedKind;
  id: string;
  dataKey: Buffer;
}

export interface WebhookAttemptOutcome {
  state: WebhookDeliveryState;
  at: Date;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  sentAt: Date;
  durationMs: number;
}

/** A key's pending requests: how many, and when the first of them expires (null: none). */
export interface PendingCount {
  count: number;
  firstExpiry: Date | null;
}

/** Personal data is sealed at rest (record-cipher.ts); callers see clear records. */
export interface Store extends KeyRingStorage {
  /** Idempotent: creates schema and indexes, opens the key ring, seals records left in clear. */
  init(): Promise<void>;
  close(): Promise<void>;
  ping(): Promise<void>;

  insertKey(key: ApiKeyRecord): Promise<void>;
  findKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  listKeys(): Promise<ApiKeyRecord[]>;
  /** False when no such key. */
  revokeKey(hash: string, at: Date): Promise<boolean>;

  /** With `maxPending`, atomically refuses (false) when its creator already holds that many pending. */
  insertRequest(request: VerificationRequestRecord, maxPending?: number): Promise<boolean>;
  /** Requests created by key `keyHash` that are Pending and not past their deadline at `now`, not erased. */
  pendingRequests(keyHash: string, now: Date): Promise<PendingCount>;
  getRequest(id: string): Promise<VerificationRequestRecord | null>;
  /** Atomic; a claim older than `staleBefore` is taken over; a request past its deadline becomes Expired. */
  claimRequest(id: string, now: Date, staleBefore: Date): Promise<ClaimOutcome>;
  /** Drops a claim without changing state (the pipeline was unavailable). */
  releaseClaim(id: string): Promise<void>;
  completeRequest(id: string, result: Record<string, unknown>, at: Date): Promise<void>;
  failRequest(id: string, code: string, message: string, at: Date): Promise<void>;
  expireDue(now: Date): Promise<number>;
  purgeImages(before: Date): Promise<number>;
  /** False when missing or already erased; a verification running on it cannot write back. */
  eraseRequest(id: string, at: Date): Promise<boolean>;

  insertValidationRequest(request: ValidationRequestRecord): Promise<void>;
  getValidationRequest(id: string): Promise<ValidationRequestRecord | null>;
  /** Newest createdUtc first; total counts all matches regardless of paging. */
  listValidationRequests(query: ValidationListQuery): Promise<{ items: ValidationRequestRecord[]; total: number }>;
  recordLinkOpened(id: string): Promise<ValidationRequestRecord | null>;
  /** Atomic; null when missing. */
  recordAttempt(id: string, attempt: {
    responseId: string;
    succeeded: boolean;
    documentExpired: boolean | null;
    /** For the onboarding.completed event. */
    documentType: DocumentTypeValue;
  }): Promise<ValidationRequestRecord | null>;

  /** Erases the invitation and every attempt's request. */
  eraseValidationRequest(id: string, at: Date): Promise<boolean>;

  /** Appends to the audit trail; entries are never changed or removed. */
  appendAudit(entry: AuditEntry): Promise<void>;
  listAudit(accountId: string, since: Date | null): Promise<AuditEntry[]>;

  readonly sealedAtInit: { requests: number; validationRequests: number };
  readonly cipher: RecordCipher;
  /** Up to `limit` live records whose data key is wrapped under a master key other than `notUnder` (hex id). */
  wrappedDataKeys(notUnder: string, limit: number): Promise<WrappedDataKey[]>;
  /** Replaces a record's wrapped data key, if it is still `ref.dataKey`; false otherwise. */
  replaceDataKey(ref: WrappedDataKey, next: Buffer): Promise<boolean>;

  // State changes above write their webhook event into an outbox in the same atomic write.
  insertWebhookEndpoint(endpoint: WebhookEndpointRecord): Promise<void>;
  getWebhookEndpoint(id: string): Promise<WebhookEndpointRecord | null>;
  listWebhookEndpoints(accountId: string): Promise<WebhookEndpointRecord[]>;
  /** Also deletes its deliveries; false when there was none. */
  deleteWebhookEndpoint(id: string): Promise<boolean>;
  /** Outbox events to one delivery per subscribed endpoint; idempotent (two senders, or a crash midway). */
  relayWebhookEvents(limit: number): Promise<number>;
  dueWebhookDeliveries(now: Date, limit: number): Promise<WebhookDeliveryRecord[]>;
  /** Of concurrent claimers in any process one wins; a dead sender's claim is taken over after `staleMs`. */
  claimWebhookAttempt(id: string, attempt: number, dueAt: Date, now: Date, staleMs: number): Promise<boolean>;
  /** Also logs it (newest MAX_ATTEMPTS kept); ignored when another sender recorded it first. */
  recordWebhookAttempt(id: string, attempt: number, outcome: WebhookAttemptOutcome): Promise<void>;
  listWebhookDeliveries(endpointId: string, limit: number): Promise<WebhookDeliveryListing[]>;
  /** Creation time of the oldest event not yet delivered (pending delivery or unrelayed), or null. */
  oldestPendingWebhook(): Promise<Date | null>;
}
