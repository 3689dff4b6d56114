/**
 * The storage interface of the front door, implemented by `sqlite.ts` (the embedded default) and
 * `mongo.ts`, the only importers of a database driver; test/store/*.test.ts runs against both.
 * Every write is durable before its promise resolves, and state changes are atomic: two concurrent
 * callers cannot both succeed.
 */
import type { DocumentTypeValue, RequestStatusValue } from '../../common/document.js';
import type { KeyRingStorage } from '../data-protection/key-ring.js';
import type { RecordCipher, SealedKind } from '../data-protection/record-cipher.js';
import type { WebhookEventType } from '../webhooks/events.js';

export type KeyType = 'public' | 'secret' | 'private';

export interface ApiKeyRecord {
  /** sha256 of the whole key, hex. The key itself is never stored. */
  hash: string;
  /** First characters of the key (prefix and 4 more) so operators can tell keys apart. */
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
  /** As sent by the client: base64 of the barcode text. */
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
  /**
   * Hash of the API key that created it (ApiKeyRecord.hash), so that a public key's pending
   * requests can be counted; null for requests stored before it was recorded.
   */
  createdByKey: string | null;
  /**
   * When it was erased (DELETE, or its invitation's): content, result and failure message are
   * gone and null; id, account, document type, status and times stay as a stub.
   */
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
  /** `whsec_…`: shown once at registration, then only used to sign. */
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
  /** When the next attempt is due; null once delivered or abandoned. */
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  /** Why the last attempt failed (connection refused, timeout, private address…), or null. */
  lastError: string | null;
}

export interface WebhookAttemptRecord {
  attempt: number;
  /** When it was sent (for an attempt recorded before durations were: when it ended). */
  at: Date;
  statusCode: number | null;
  error: string | null;
  /** From sending to the answer or the failure; null when unknown (recorded before durations were). */
  durationMs: number | null;
}

/** A delivery with its attempts, newest first (the newest MAX_ATTEMPTS of webhooks/schedule.ts). */
export interface WebhookDeliveryListing extends WebhookDeliveryRecord {
  attemptLog: WebhookAttemptRecord[];
}

/** What an audit entry records: a read of personal data, or an erasure. */
export const AUDIT_ACTIONS = ['content.read', 'result.read', 'onboarding.attempts.read', 'request.erase', 'onboarding.erase'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry of the append-only audit trail: who (account and key) did what to which request. */
export interface AuditEntry {
  at: Date;
  accountId: string;
  /** The key's hint (its prefix and four characters): enough to tell keys apart, useless to call with. */
  keyPrefix: string;
  keyType: KeyType;
  action: AuditAction;
  requestId: string;
  traceId: string;
}

export type { StoreKeys } from '../data-protection/master-key.js';

/** A record's wrapped data key, as a key rotation sees it. */
export interface WrappedDataKey {
  kind: SealedKind;
  id: string;
  dataKey: Buffer;
}

/** What one attempt ended in, as the sender records it. */
export interface WebhookAttemptOutcome {
  state: WebhookDeliveryState;
  at: Date;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  /** When it was sent, and how long until it ended: the attempt log's entry. */
  sentAt: Date;
  durationMs: number;
}

/** A key's pending requests: how many, and when the first of them expires (null: none). */
export interface PendingCount {
  count: number;
  firstExpiry: Date | null;
}

/**
 * Personal data is sealed at rest (data-protection/record-cipher.ts): the stores seal on write
 * and open on read, so callers see clear records.
 */
export interface Store extends KeyRingStorage {
  /**
   * Creates tables/collections and indexes, opens the key ring, and seals any record an earlier
   * version left in clear. Idempotent.
   */
  init(): Promise<void>;
  close(): Promise<void>;
  ping(): Promise<void>;

  insertKey(key: ApiKeyRecord): Promise<void>;
  findKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  listKeys(): Promise<ApiKeyRecord[]>;
  /** Returns false when no such key (by hash) exists. */
  revokeKey(hash: string, at: Date): Promise<boolean>;

  /**
   * Stores a new request. With `maxPending`, atomically refuses it (false, nothing stored) when
   * its creator (`createdByKey`) already holds that many pending requests at `request.created`.
   */
  insertRequest(request: VerificationRequestRecord, maxPending?: number): Promise<boolean>;
  /** Requests created by key `keyHash` that are Pending and not past their deadline at `now`, not erased. */
  pendingRequests(keyHash: string, now: Date): Promise<PendingCount>;
  getRequest(id: string): Promise<VerificationRequestRecord | null>;
  /**
   * Atomically claims a Pending, unexpired, unclaimed request for verification (or one whose claim
   * is older than `staleBefore`). Expired-by-deadline requests are moved to Expired (images
   * deleted) and reported as such.
   */
  claimRequest(id: string, now: Date, staleBefore: Date): Promise<ClaimOutcome>;
  /** Drops a claim without changing state (the pipeline was unavailable). */
  releaseClaim(id: string): Promise<void>;
  completeRequest(id: string, result: Record<string, unknown>, at: Date): Promise<void>;
  failRequest(id: string, code: string, message: string, at: Date): Promise<void>;
  expireDue(now: Date): Promise<number>;
  purgeImages(before: Date): Promise<number>;
  /**
   * Erases request `id` at once: images, trackString, result, failure message and its data key;
   * the stub keeps id, account, document type, status and times. False when there is no such
   * request or it was erased already. A verification running on it cannot write its result back.
   */
  eraseRequest(id: string, at: Date): Promise<boolean>;

  insertValidationRequest(request: ValidationRequestRecord): Promise<void>;
  getValidationRequest(id: string): Promise<ValidationRequestRecord | null>;
  /** Newest createdUtc first; total counts all matches regardless of paging. */
  listValidationRequests(query: ValidationListQuery): Promise<{ items: ValidationRequestRecord[]; total: number }>;
  recordLinkOpened(id: string): Promise<ValidationRequestRecord | null>;
  /** Applies one attempt's outcome atomically; returns the updated record or null. */
  recordAttempt(id: string, attempt: {
    responseId: string;
    succeeded: boolean;
    documentExpired: boolean | null;
    /** The attempt's document type, for the onboarding.completed event of a completing attempt. */
    documentType: DocumentTypeValue;
  }): Promise<ValidationRequestRecord | null>;

  /** Erases invitation `id` (names, phone, email, metadata, data key) and every attempt's request. */
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

  // Webhooks. The state changes above write their event (webhooks/events.ts) into an outbox in
  // the same atomic write; relayWebhookEvents fans the outbox out into one delivery per endpoint.
  insertWebhookEndpoint(endpoint: WebhookEndpointRecord): Promise<void>;
  getWebhookEndpoint(id: string): Promise<WebhookEndpointRecord | null>;
  listWebhookEndpoints(accountId: string): Promise<WebhookEndpointRecord[]>;
  /** Deletes the endpoint and its deliveries; false when there was none. */
  deleteWebhookEndpoint(id: string): Promise<boolean>;
  /**
   * Turns up to `limit` outbox events into deliveries, one per endpoint of the event's account
   * subscribed to its type, and empties their outbox entries. Idempotent: an event relayed twice
   * (two senders, or a crash between the two steps) still has one delivery per endpoint.
   */
  relayWebhookEvents(limit: number): Promise<number>;
  dueWebhookDeliveries(now: Date, limit: number): Promise<WebhookDeliveryRecord[]>;
  /**
   * Claims attempt number `attempt` of delivery `id` (whose `attempts` is `attempt - 1`, due at
   * `dueAt`) for this sender. Of concurrent claimers, in any number of processes, one wins; a
   * claim whose sender died is taken over once it is `staleMs` old.
   */
  claimWebhookAttempt(id: string, attempt: number, dueAt: Date, now: Date, staleMs: number): Promise<boolean>;
  /**
   * Records attempt `attempt` of delivery `id`, and adds it to the delivery's attempt log (which
   * keeps the newest MAX_ATTEMPTS); ignored when another sender recorded it first.
   */
  recordWebhookAttempt(id: string, attempt: number, outcome: WebhookAttemptOutcome): Promise<void>;
  listWebhookDeliveries(endpointId: string, limit: number): Promise<WebhookDeliveryListing[]>;
  /** Creation time of the oldest event not yet delivered (pending delivery or unrelayed), or null. */
  oldestPendingWebhook(): Promise<Date | null>;
}
