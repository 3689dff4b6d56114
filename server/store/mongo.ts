// Kept within FerretDB 1.24: no transactions, pipeline updates, findOneAndUpdate projection or
// `$elemMatch` on subdocuments. Atomic steps are single-document updates filtered on their
// precondition, also under an in-process lock (FerretDB#3040 does not apply them atomically).
import { MongoClient, MongoServerError, type Collection, type Db, type Filter } from 'mongodb';
import { RequestStatus, type DocumentTypeValue } from '../../common/document.js';
import type { KeyRingState } from '../data-protection/key-ring.js';
import { RecordCipher } from '../data-protection/record-cipher.js';
import { completedEvent, expiredEvent, failedEvent, onboardingEvent, type WebhookEvent } from '../webhooks/events.js';
import { KeyedLock } from './keyed-lock.js';
import {
  requestDoc, requestRecord, sealedClearRequest, sealedClearValidation, toBinary, toBuffer, validationDoc, validationRecord,
  wrappedFields, type RequestDoc, type ValidationDoc,
} from './mongo-sealed-docs.js';
import type {
  ApiKeyRecord, AuditEntry, ClaimOutcome, PendingCount, Store, StoreKeys, ValidationListQuery, ValidationRequestRecord,
  VerificationRequestRecord, WebhookAttemptOutcome, WebhookAttemptRecord, WebhookDeliveryListing, WebhookDeliveryRecord,
  WebhookEndpointRecord, WrappedDataKey,
} from './store.js';
import { deliveriesFor, eventFromJson, eventToJson } from './webhook-fanout.js';
import { MAX_ATTEMPTS } from '../webhooks/schedule.js';

const { Pending, Success, Failed, Expired } = RequestStatus;

type KeyDoc = Omit<ApiKeyRecord, 'hash'> & { _id: string };
type EndpointDoc = Omit<WebhookEndpointRecord, 'id'> & { _id: string };
/** `attemptLog`: newest first; absent on older records. */
type DeliveryDoc = Omit<WebhookDeliveryRecord, 'id'> & { _id: string; attemptLog?: WebhookAttemptRecord[] };
/** The unique _id makes the claim exclusive. */
type ClaimDoc = { _id: string; deliveryId: string; at: Date };
/** JSON text, so that a compare-and-set compares one string. */
type KeyRingDoc = { _id: string; json: string };
type AuditDoc = AuditEntry & { _id?: unknown };

const isDuplicateKey = (error: unknown): boolean => error instanceof MongoServerError && error.code === 11000;
type Attempt = Parameters<Store['recordAttempt']>[1];

const DROP_IMAGES = Object.freeze({
  imagesDeleted: true,
  'content.frontImage': null,
  'content.backImage': null,
  'content.faceImage': null,
});

const erasure = (at: Date) => ({
  ...DROP_IMAGES, 'content.trackString': null, result: null, failureMessage: null, dataKey: null, dataKeyBy: null,
  claimedAt: null, erasedAt: at,
});

const DOCUMENT_LOCKS = new KeyedLock();

export function databaseName(uri: string): string | null {
  const match = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]+)/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Ids are strings; anything else becomes one, so an id can never carry a query operator. */
const byId = (id: string) => ({ _id: String(id) });

function keyRecord({ _id, ...rest }: KeyDoc): ApiKeyRecord {
  return { hash: _id, ...rest };
}

function endpointRecord({ _id, ...rest }: EndpointDoc): WebhookEndpointRecord {
  return { id: _id, ...rest };
}

function deliveryRecord({ _id, attemptLog: _log, ...rest }: DeliveryDoc): WebhookDeliveryRecord {
  return { id: _id, ...rest };
}

/** An older record has no log: its last* fields become it. */
function attemptLogOf(doc: DeliveryDoc): WebhookAttemptRecord[] {
  if (doc.attemptLog !== undefined) return doc.attemptLog;
  if (doc.attempts === 0 || doc.lastAttemptAt === null) return [];
  return [{ attempt: doc.attempts, at: doc.lastAttemptAt, statusCode: doc.lastStatusCode, error: doc.lastError, durationMs: null }];
}

const SERVER_SELECTION_MS = 5000;

export class MongoStore implements Store {
  readonly #client: MongoClient;
  readonly #db: Db;
  readonly #keys: Collection<KeyDoc>;
  readonly #requests: Collection<RequestDoc>;
  readonly #validations: Collection<ValidationDoc>;
  readonly #endpoints: Collection<EndpointDoc>;
  readonly #deliveries: Collection<DeliveryDoc>;
  readonly #claims: Collection<ClaimDoc>;
  readonly #keyRing: Collection<KeyRingDoc>;
  readonly #audit: Collection<AuditDoc>;
  readonly #storeKeys: StoreKeys;
  #cipher: RecordCipher | null = null;
  sealedAtInit = { requests: 0, validationRequests: 0 };

  constructor(uri: string, keys: StoreKeys, dbName = databaseName(uri) ?? 'idv') {
    this.#storeKeys = keys;
    // ignoreUndefined drops undefined fields, as JSON and the SQLite store do. A down server is noticed
    // in SERVER_SELECTION_MS rather than 30 s, while the integrator still waits.
    const selection = /[?&]serverSelectionTimeoutMS=/i.test(uri) ? {} : { serverSelectionTimeoutMS: SERVER_SELECTION_MS };
    this.#client = new MongoClient(uri, { ignoreUndefined: true, writeConcern: { w: 'majority', journal: true }, ...selection });
    this.#db = this.#client.db(dbName);
    this.#keys = this.#db.collection('api_keys');
    this.#requests = this.#db.collection('requests');
    this.#validations = this.#db.collection('validation_requests');
    this.#endpoints = this.#db.collection('webhook_endpoints');
    this.#deliveries = this.#db.collection('webhook_deliveries');
    this.#claims = this.#db.collection('webhook_claims');
    this.#keyRing = this.#db.collection('data_protection');
    this.#audit = this.#db.collection('audit_log');
  }

  get cipher(): RecordCipher {
    if (this.#cipher === null) throw new Error('the MongoDB store is not open: call init() first');
    return this.#cipher;
  }

  /** Indexes are created one per command: FerretDB 1.24 drops the connection when one command re-creates several. */
  async init(): Promise<void> {
    await this.#client.connect();
    await this.#requests.createIndex({ status: 1, expiresAt: 1 }, { name: 'pending_by_deadline' });
    await this.#requests.createIndex({ status: 1, imagesDeleted: 1, finishedAt: 1 }, { name: 'finished_with_images' });
    await this.#validations.createIndex({ accountId: 1, location: 1, createdUtc: -1, _id: -1 }, { name: 'listing' });
    await this.#validations.createIndex({ metadataPairs: 1 }, { name: 'metadata_pairs' });
    await this.#requests.createIndex({ webhookOutbox: 1 }, { name: 'webhook_outbox' });
    await this.#validations.createIndex({ webhookOutbox: 1 }, { name: 'webhook_outbox' });
    await this.#endpoints.createIndex({ accountId: 1, createdAt: 1 }, { name: 'by_account' });
    await this.#deliveries.createIndex({ state: 1, nextAttemptAt: 1 }, { name: 'due' });
    await this.#deliveries.createIndex({ endpointId: 1, createdAt: -1 }, { name: 'by_endpoint' });
    await this.#claims.createIndex({ deliveryId: 1 }, { name: 'by_delivery' });
    await this.#requests.createIndex({ onboardingId: 1 }, { name: 'by_onboarding' });
    await this.#requests.createIndex({ dataKeyBy: 1 }, { name: 'by_data_key' });
    await this.#requests.createIndex({ createdByKey: 1, status: 1, expiresAt: 1 }, { name: 'pending_by_key' });
    await this.#validations.createIndex({ metadataTags: 1 }, { name: 'metadata_tags' });
    await this.#validations.createIndex({ dataKeyBy: 1 }, { name: 'by_data_key' });
    await this.#audit.createIndex({ accountId: 1, at: 1 }, { name: 'by_account' });
    this.#cipher = await RecordCipher.open(this, this.#storeKeys);
    this.sealedAtInit = await this.#sealClearDocuments();
  }

  /** One document at a time, under its lock, so a crash leaves every document whole. */
  async #sealClearDocuments(): Promise<{ requests: number; validationRequests: number }> {
    const unsealed = { dataKey: { $exists: false } };
    let requests = 0;
    for (const doc of await this.#requests.find(unsealed as Filter<RequestDoc>).toArray()) {
      await this.#locked(this.#requests, doc._id, async () => {
        const replaced = await this.#requests.replaceOne({ ...byId(doc._id), ...unsealed } as Filter<RequestDoc>, sealedClearRequest(this.cipher, doc));
        requests += replaced.modifiedCount;
      });
    }
    let validationRequests = 0;
    for (const doc of await this.#validations.find(unsealed as Filter<ValidationDoc>).toArray()) {
      await this.#locked(this.#validations, doc._id, async () => {
        const replaced = await this.#validations.replaceOne({ ...byId(doc._id), ...unsealed } as Filter<ValidationDoc>, sealedClearValidation(this.cipher, doc));
        validationRequests += replaced.modifiedCount;
      });
    }
    return { requests, validationRequests };
  }

  async readKeyRing(): Promise<KeyRingState | null> {
    const doc = await this.#keyRing.findOne({ _id: 'key_ring' });
    return doc === null ? null : (JSON.parse(doc.json) as KeyRingState);
  }

  async writeKeyRing(next: KeyRingState, expected: KeyRingState | null): Promise<boolean> {
    if (expected === null) {
      try {
        await this.#keyRing.insertOne({ _id: 'key_ring', json: JSON.stringify(next) });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    }
    return this.#locked(this.#keyRing, 'key_ring', async () => (await this.#keyRing.updateOne(
      { _id: 'key_ring', json: JSON.stringify(expected) }, { $set: { json: JSON.stringify(next) } })).modifiedCount > 0);
  }

  async close(): Promise<void> {
    await this.#client.close();
  }

  async ping(): Promise<void> {
    await this.#db.command({ ping: 1 });
  }

  async dropDatabase(): Promise<void> {
    await this.#db.dropDatabase();
  }

  async insertKey({ hash, ...rest }: ApiKeyRecord): Promise<void> {
    await this.#keys.insertOne({ _id: hash, ...rest });
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const doc = await this.#keys.findOne(byId(hash));
    return doc === null ? null : keyRecord(doc);
  }

  async listKeys(): Promise<ApiKeyRecord[]> {
    return (await this.#keys.find().sort({ createdAt: 1, _id: 1 }).toArray()).map(keyRecord);
  }

  /** The first revocation time stands; revoking again still reports the key as found. */
  async revokeKey(hash: string, at: Date): Promise<boolean> {
    return this.#locked(this.#keys, hash, async () => {
      const updated = await this.#keys.updateOne({ ...byId(hash), revokedAt: null }, { $set: { revokedAt: at } });
      return updated.matchedCount > 0 || (await this.#keys.countDocuments(byId(hash), { limit: 1 })) > 0;
    });
  }

  // No transactions: across processes the count is retaken after the insert and a request over the
  // cap removed, so concurrent creators may both be refused but the cap is never exceeded for long.
  async insertRequest(request: VerificationRequestRecord, maxPending?: number): Promise<boolean> {
    const doc = requestDoc(this.cipher, request);
    const creator = request.createdByKey;
    if (maxPending === undefined || creator === null) {
      await this.#requests.insertOne(doc);
      return true;
    }
    return this.#locked({ collectionName: 'pending_by_key' }, creator, async () => {
      if ((await this.pendingRequests(creator, request.created)).count >= maxPending) return false;
      await this.#requests.insertOne(doc);
      if ((await this.pendingRequests(creator, request.created)).count <= maxPending) return true;
      await this.#requests.deleteOne(byId(request.id));
      return false;
    });
  }

  async pendingRequests(keyHash: string, now: Date): Promise<PendingCount> {
    const filter: Filter<RequestDoc> = { createdByKey: String(keyHash), status: Pending, erasedAt: null, expiresAt: { $gt: now } };
    const count = await this.#requests.countDocuments(filter);
    if (count === 0) return { count, firstExpiry: null };
    const [first] = await this.#requests.find(filter, { projection: { expiresAt: 1 } }).sort({ expiresAt: 1 }).limit(1).toArray();
    return { count, firstExpiry: first?.expiresAt ?? null };
  }

  async getRequest(id: string): Promise<VerificationRequestRecord | null> {
    const doc = await this.#requests.findOne(byId(id));
    return doc === null ? null : requestRecord(this.cipher, doc);
  }

  async claimRequest(id: string, now: Date, staleBefore: Date): Promise<ClaimOutcome> {
    return this.#locked(this.#requests, id, () => this.#claim(id, now, staleBefore));
  }

  async #claim(id: string, now: Date, staleBefore: Date): Promise<ClaimOutcome> {
    const claimed = await this.#requests.findOneAndUpdate(
      { ...byId(id), status: Pending, erasedAt: null, expiresAt: { $gt: now }, $or: [{ claimedAt: null }, { claimedAt: { $lt: staleBefore } }] },
      { $set: { claimedAt: now } },
      { returnDocument: 'after' },
    );
    if (claimed !== null) return { ok: true, request: await requestRecord(this.cipher, claimed) };
    const doc = await this.#requests.findOne(byId(id), { projection: { status: 1, expiresAt: 1, documentType: 1, erasedAt: 1 } });
    if (doc === null) return { ok: false, reason: 'NotFound' };
    if (doc.erasedAt) return { ok: false, reason: 'Erased' };
    if (doc.status === Expired) return { ok: false, reason: 'Expired' };
    if (doc.status !== Pending) return { ok: false, reason: 'AlreadyProcessed' };
    if (doc.expiresAt.getTime() > now.getTime()) return { ok: false, reason: 'InProgress' };
    await this.#expire(id, doc.documentType, now);
    return { ok: false, reason: 'Expired' };
  }

  async releaseClaim(id: string): Promise<void> {
    await this.#locked(this.#requests, id, () => this.#requests.updateOne({ ...byId(id), status: Pending }, { $set: { claimedAt: null } }));
  }

  async completeRequest(id: string, result: Record<string, unknown>, at: Date): Promise<void> {
    await this.#finish(id, at, 'result', result, { status: Success }, (documentType) => completedEvent(id, documentType, result, at));
  }

  async failRequest(id: string, code: string, message: string, at: Date): Promise<void> {
    await this.#finish(id, at, 'failureMessage', message, { status: Failed, failureCode: code },
      (documentType) => failedEvent(id, documentType, code, at));
  }

  async expireDue(now: Date): Promise<number> {
    const due = await this.#requests.find({ status: Pending, erasedAt: null, expiresAt: { $lte: now } }, { projection: { _id: 1, documentType: 1 } }).toArray();
    return this.#count(due.map(({ _id, documentType }) => this.#locked(this.#requests, _id, () => this.#expire(_id, documentType, now))));
  }

  async purgeImages(before: Date): Promise<number> {
    const filter: Filter<RequestDoc> = { status: { $ne: Pending }, imagesDeleted: false, finishedAt: { $lt: before } };
    const due = await this.#requests.find(filter, { projection: { _id: 1 } }).toArray();
    return this.#count(due.map(({ _id }) => this.#locked(this.#requests, _id, () =>
      this.#requests.updateOne({ ...filter, _id }, { $set: DROP_IMAGES }))));
  }

  async eraseRequest(id: string, at: Date): Promise<boolean> {
    return this.#locked(this.#requests, id, async () =>
      (await this.#requests.updateOne({ ...byId(id), erasedAt: null }, { $set: erasure(at) })).modifiedCount > 0);
  }

  async insertValidationRequest(request: ValidationRequestRecord): Promise<void> {
    await this.#validations.insertOne(validationDoc(this.cipher, request));
  }

  async getValidationRequest(id: string): Promise<ValidationRequestRecord | null> {
    const doc = await this.#validations.findOne(byId(id));
    return doc === null ? null : validationRecord(this.cipher, doc);
  }

  /** No transactions: each attempt's request first, the invitation last, so a retry after a crash finishes the erasure. */
  async eraseValidationRequest(id: string, at: Date): Promise<boolean> {
    return this.#locked(this.#validations, id, async () => {
      if ((await this.#validations.countDocuments({ ...byId(id), erasedAt: null }, { limit: 1 })) === 0) return false;
      const attempts = await this.#requests.find({ onboardingId: String(id), erasedAt: null }, { projection: { _id: 1 } }).toArray();
      for (const { _id } of attempts) await this.eraseRequest(_id, at);
      const erased = await this.#validations.updateOne(
        { ...byId(id), erasedAt: null },
        { $set: { personal: null, dataKey: null, dataKeyBy: null, metadataTags: [], erasedAt: at } },
      );
      return erased.modifiedCount > 0;
    });
  }

  async appendAudit(entry: AuditEntry): Promise<void> {
    await this.#audit.insertOne({ ...entry });
  }

  async listAudit(accountId: string, since: Date | null): Promise<AuditEntry[]> {
    const docs = await this.#audit.find({ accountId: String(accountId), at: { $gte: since ?? new Date(0) } }).sort({ at: 1, _id: 1 }).toArray();
    return docs.map(({ _id, ...entry }) => entry);
  }

  async wrappedDataKeys(notUnder: string, limit: number): Promise<WrappedDataKey[]> {
    const found: WrappedDataKey[] = [];
    const filter = { dataKeyBy: { $nin: [null, String(notUnder)] } };
    for (const [kind, collection] of [['request', this.#requests], ['onboarding', this.#validations]] as const) {
      const docs = await (collection as Collection<RequestDoc | ValidationDoc>).find(filter, { projection: { _id: 1, dataKey: 1 } })
        .limit(limit - found.length).toArray();
      for (const doc of docs) found.push({ kind, id: doc._id, dataKey: toBuffer(doc.dataKey)! });
      if (found.length >= limit) break;
    }
    return found;
  }

  async replaceDataKey(ref: WrappedDataKey, next: Buffer): Promise<boolean> {
    const collection = (ref.kind === 'request' ? this.#requests : this.#validations) as Collection<RequestDoc | ValidationDoc>;
    return this.#locked(collection, ref.id, async () => {
      const doc = await collection.findOne(byId(ref.id), { projection: { dataKey: 1 } });
      if (doc === null || !toBuffer(doc.dataKey)?.equals(ref.dataKey)) return false;
      return (await collection.updateOne(byId(ref.id), { $set: wrappedFields(next) })).modifiedCount > 0;
    });
  }

  async listValidationRequests(query: ValidationListQuery): Promise<{ items: ValidationRequestRecord[]; total: number }> {
    if (query.locations.length === 0) return { items: [], total: 0 };
    const tags = Object.entries(query.metadata).map(([k, v]) => this.cipher.metadataTag(k, v));
    const filter: Filter<ValidationDoc> = {
      accountId: String(query.accountId),
      erasedAt: null,
      location: { $in: query.locations.map(String) },
      ...(tags.length > 0 ? { metadataTags: { $all: tags } } : {}),
      ...(query.status !== undefined && query.status !== null ? { status: query.status } : {}),
    };
    // limit(0) would mean "no limit" to MongoDB.
    const docs = query.limit <= 0 ? [] : await this.#validations.find(filter)
      .sort({ createdUtc: -1, _id: -1 }).skip(query.offset).limit(query.limit).toArray();
    const items = await Promise.all(docs.map((doc) => validationRecord(this.cipher, doc)));
    return { items, total: await this.#validations.countDocuments(filter) };
  }

  async recordLinkOpened(id: string): Promise<ValidationRequestRecord | null> {
    const doc = await this.#locked(this.#validations, id, () =>
      this.#validations.findOneAndUpdate(byId(id), { $inc: { openedLinkTimes: 1 } }, { returnDocument: 'after' }));
    return doc === null ? null : validationRecord(this.cipher, doc);
  }

  /** Two single-document steps: `completed` only turns true, so when the first misses the second applies. */
  async recordAttempt(id: string, attempt: Attempt): Promise<ValidationRequestRecord | null> {
    return this.#locked(this.#validations, id, () => this.#attempt(id, attempt));
  }

  async #attempt(id: string, attempt: Attempt): Promise<ValidationRequestRecord | null> {
    const counted = { $inc: { attemptsUsed: 1 } };
    const open = await this.#validations.findOneAndUpdate(
      { ...byId(id), completed: false },
      {
        ...counted,
        $set: {
          lastResponseId: attempt.responseId,
          status: attempt.succeeded ? Success : Failed,
          documentExpired: attempt.documentExpired,
          ...(attempt.succeeded ? {
            completed: true,
            successResponseId: attempt.responseId,
            webhookOutbox: eventToJson(onboardingEvent(id, attempt.responseId, attempt.documentType, new Date())),
          } : {}),
        },
      },
      { returnDocument: 'after' },
    );
    const doc = open ?? await this.#validations.findOneAndUpdate(
      byId(id),
      { ...counted, $set: { lastResponseId: attempt.responseId } },
      { returnDocument: 'after' },
    );
    return doc === null ? null : validationRecord(this.cipher, doc);
  }

  /** A request no longer pending, or past its deadline, stays as is: the sweeper's timing must not matter. */
  async #finish(
    id: string, at: Date, field: 'result' | 'failureMessage', value: unknown, fields: Partial<RequestDoc>,
    event: (documentType: DocumentTypeValue) => WebhookEvent,
  ): Promise<void> {
    await this.#locked(this.#requests, id, async () => {
      // Neither field ever changes (erasure removes the key), so reading them first races with nothing.
      const doc = await this.#requests.findOne(byId(id), { projection: { documentType: 1, dataKey: 1 } });
      const dataKey = toBuffer(doc?.dataKey);
      if (doc === null || dataKey === null) return;
      const sealed = await this.cipher.sealRequestField(id, dataKey, field, value);
      await this.#requests.updateOne(
        { ...byId(id), status: Pending, erasedAt: null, claimedAt: { $ne: null }, expiresAt: { $gt: at } },
        { $set: { ...fields, [field]: toBinary(sealed), finishedAt: at, claimedAt: null, webhookOutbox: eventToJson(event(doc.documentType)) } },
      );
    });
  }

  /** Call under the document's lock. */
  #expire(id: string, documentType: DocumentTypeValue, now: Date) {
    return this.#requests.updateOne(
      { ...byId(id), status: Pending, expiresAt: { $lte: now } },
      { $set: { status: Expired, finishedAt: now, claimedAt: null, ...DROP_IMAGES, webhookOutbox: eventToJson(expiredEvent(id, documentType, now)) } },
    );
  }

  async insertWebhookEndpoint({ id, ...rest }: WebhookEndpointRecord): Promise<void> {
    await this.#endpoints.insertOne({ _id: id, ...rest });
  }

  async getWebhookEndpoint(id: string): Promise<WebhookEndpointRecord | null> {
    const doc = await this.#endpoints.findOne(byId(id));
    return doc === null ? null : endpointRecord(doc);
  }

  async listWebhookEndpoints(accountId: string): Promise<WebhookEndpointRecord[]> {
    return (await this.#endpoints.find({ accountId: String(accountId) }).sort({ createdAt: 1, _id: 1 }).toArray()).map(endpointRecord);
  }

  /** The endpoint first: once it is gone, a sender that loads it drops its deliveries' attempts. */
  async deleteWebhookEndpoint(id: string): Promise<boolean> {
    const deleted = await this.#endpoints.deleteOne(byId(id));
    await this.#deliveries.deleteMany({ endpointId: String(id) });
    return deleted.deletedCount > 0;
  }

  /** A duplicate delivery id means another relay got there first. */
  async relayWebhookEvents(limit: number): Promise<number> {
    let relayed = 0;
    for (const collection of [this.#requests, this.#validations] as Collection<RequestDoc | ValidationDoc>[]) {
      const docs = await collection.find({ webhookOutbox: { $exists: true } }, { projection: { _id: 1, accountId: 1, webhookOutbox: 1 } })
        .limit(limit - relayed).toArray();
      for (const doc of docs) {
        const endpoints = await this.listWebhookEndpoints(doc.accountId);
        for (const { id, ...rest } of deliveriesFor(eventFromJson(doc.webhookOutbox!), doc.accountId, endpoints)) {
          await this.#deliveries.insertOne({ _id: id, ...rest }).catch((error: unknown) => {
            if (!isDuplicateKey(error)) throw error;
          });
        }
        await this.#locked(collection, doc._id, () =>
          collection.updateOne({ _id: doc._id, webhookOutbox: doc.webhookOutbox! }, { $unset: { webhookOutbox: '' } }));
        relayed++;
      }
      if (relayed >= limit) break;
    }
    return relayed;
  }

  async dueWebhookDeliveries(now: Date, limit: number): Promise<WebhookDeliveryRecord[]> {
    const docs = await this.#deliveries.find({ state: 'pending', nextAttemptAt: { $lte: now } }).sort({ nextAttemptAt: 1 }).limit(limit).toArray();
    return docs.map(deliveryRecord);
  }

  // The claim's _id names delivery, attempt and claim period: one insert wins on any MongoDB-wire
  // server, FerretDB included; a dead sender's claim is replaced in the next period.
  async claimWebhookAttempt(id: string, attempt: number, dueAt: Date, now: Date, staleMs: number): Promise<boolean> {
    const period = Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / staleMs));
    try {
      await this.#claims.insertOne({ _id: `${id}#${attempt}#${period}`, deliveryId: String(id), at: now });
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
    return (await this.#deliveries.countDocuments({ ...byId(id), state: 'pending', attempts: attempt - 1 }, { limit: 1 })) > 0;
  }

  /** Filtered on the attempt count read, so the new log applies to the log it was built from, or to nothing. */
  async recordWebhookAttempt(id: string, attempt: number, outcome: WebhookAttemptOutcome): Promise<void> {
    await this.#locked(this.#deliveries, id, async () => {
      const doc = await this.#deliveries.findOne({ ...byId(id), attempts: attempt - 1 });
      if (doc === null) return;
      const entry: WebhookAttemptRecord = {
        attempt, at: outcome.sentAt, statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs,
      };
      await this.#deliveries.updateOne({ ...byId(id), attempts: attempt - 1 }, {
        $set: {
          attempts: attempt, state: outcome.state, nextAttemptAt: outcome.nextAttemptAt, lastAttemptAt: outcome.at,
          lastStatusCode: outcome.statusCode, lastError: outcome.error,
          attemptLog: [entry, ...attemptLogOf(doc)].slice(0, MAX_ATTEMPTS),
        },
      });
    });
    if (outcome.state !== 'pending') await this.#claims.deleteMany({ deliveryId: String(id) });
  }

  async listWebhookDeliveries(endpointId: string, limit: number): Promise<WebhookDeliveryListing[]> {
    const docs = await this.#deliveries.find({ endpointId: String(endpointId) }).sort({ createdAt: -1, _id: -1 }).limit(limit).toArray();
    return docs.map((doc) => ({ ...deliveryRecord(doc), attemptLog: attemptLogOf(doc) }));
  }

  async oldestPendingWebhook(): Promise<Date | null> {
    const times: number[] = [];
    const [oldest] = await this.#deliveries.find({ state: 'pending' }, { projection: { createdAt: 1 } }).sort({ createdAt: 1 }).limit(1).toArray();
    if (oldest !== undefined) times.push(oldest.createdAt.getTime());
    for (const collection of [this.#requests, this.#validations] as Collection<RequestDoc | ValidationDoc>[]) {
      const docs = await collection.find({ webhookOutbox: { $exists: true } }, { projection: { webhookOutbox: 1 } }).toArray();
      for (const doc of docs) times.push(eventFromJson(doc.webhookOutbox!).created.getTime());
    }
    return times.length === 0 ? null : new Date(Math.min(...times));
  }

  async #count(updates: Promise<{ modifiedCount: number }>[]): Promise<number> {
    return (await Promise.all(updates)).reduce((sum, update) => sum + update.modifiedCount, 0);
  }

  #locked<T>(collection: { collectionName: string }, id: string, work: () => Promise<T>): Promise<T> {
    return DOCUMENT_LOCKS.run(`${this.#db.databaseName}/${collection.collectionName}/${String(id)}`, work);
  }
}
