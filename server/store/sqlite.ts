// One SQLite file: each method one fsynced transaction (synchronous=FULL), other processes kept out
// by the file lock (sqlite-lock.ts); secure_delete=ON zeroes deleted images.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sqlite3 from 'node-sqlite3-wasm';
import { RequestStatus } from '../../common/document.js';
import type { KeyRingState } from '../data-protection/key-ring.js';
import { RecordCipher } from '../data-protection/record-cipher.js';
import { retryWhileBusy } from './sqlite-lock.js';
import { isClearSchema, sealClearSchema } from './sqlite-migrate.js';
import {
  KEY_RING_SCHEMA, SCHEMA, SCHEMA_VERSION, attemptFromRow, deliveryFromRow, deliveryParams, endpointFromRow, endpointParams,
  keyFromRow, keyParams, type Row,
} from './sqlite-schema.js';
import { addMissingColumns, backfillAttemptLog, schemaVersion } from './sqlite-upgrade.js';
import {
  insertInto, personalOf, requestColumns, requestFromRow, requestSecrets, validationColumns, validationFromRow,
} from './sqlite-sealed-rows.js';
import type {
  ApiKeyRecord, AuditEntry, ClaimOutcome, KeyType, PendingCount, Store, ValidationListQuery, ValidationRequestRecord,
  VerificationRequestRecord, WebhookAttemptOutcome, WebhookAttemptRecord, WebhookDeliveryListing, WebhookDeliveryRecord,
  WebhookEndpointRecord, WrappedDataKey, AuditAction, StoreKeys,
} from './store.js';
import { deliveriesFor, eventFromJson, eventToJson } from './webhook-fanout.js';
import type { DocumentTypeValue } from '../../common/document.js';
import { completedEvent, expiredEvent, failedEvent, onboardingEvent, type WebhookEvent } from '../webhooks/events.js';
import { MAX_ATTEMPTS } from '../webhooks/schedule.js';

export const SQLITE_FILE = 'idv.sqlite';

const { Pending, Success, Failed, Expired } = RequestStatus;

const DROP_IMAGES = 'front_image = NULL, back_image = NULL, face_image = NULL, images_deleted = 1';
const ERASE = `${DROP_IMAGES}, track_string = NULL, result = NULL, failure_message = NULL, data_key = NULL, claimed_at = NULL, erased_at = ?`;
const KEY_RING = 'key_ring';

type Params = (string | number | null | Uint8Array)[];

const bytesOf = (value: unknown): Buffer => Buffer.from(value as Uint8Array);

const DELIVERY_MARKS = Array(15).fill('?').join(', ');

/** Matches the partial index requests_pending_by_key. */
const PENDING_OF_KEY = `created_by_key = ? AND status = ${Pending} AND erased_at IS NULL AND expires_at > ?`;

export class SqliteStore implements Store {
  readonly file: string;
  readonly #keys: StoreKeys;
  #db: sqlite3.Database | null = null;
  #cipher: RecordCipher | null = null;
  sealedAtInit = { requests: 0, validationRequests: 0 };

  constructor(dataDir: string, keys: StoreKeys) {
    this.file = path.resolve(dataDir, SQLITE_FILE);
    this.#keys = keys;
  }

  get cipher(): RecordCipher {
    if (this.#cipher === null) throw new Error('the SQLite store is not open: call init() first');
    return this.#cipher;
  }

  async init(): Promise<void> {
    if (this.#db === null) {
      mkdirSync(path.dirname(this.file), { recursive: true });
      this.#db = new sqlite3.Database(this.file);
    }
    await this.#run(() => {
      const db = this.#open();
      db.exec('PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL; PRAGMA secure_delete = ON; PRAGMA foreign_keys = ON');
      this.#transaction(() => db.exec(KEY_RING_SCHEMA));
    });
    this.#cipher = await RecordCipher.open(this, this.#keys);
    const cipher = this.#cipher;
    this.sealedAtInit = await this.#run(() => this.#transaction(() => {
      const db = this.#open();
      const version = schemaVersion(db);
      let sealed = { requests: 0, validationRequests: 0 };
      if (isClearSchema(db)) {
        sealed = sealClearSchema(db, cipher);
      } else {
        addMissingColumns(db);
        db.exec(SCHEMA);
      }
      if (version < SCHEMA_VERSION) backfillAttemptLog(db);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      return sealed;
    }));
  }

  async readKeyRing(): Promise<KeyRingState | null> {
    const row = await this.#run(() => this.#open().get('SELECT value FROM data_protection WHERE name = ?', [KEY_RING]));
    return row === null ? null : (JSON.parse(String(row.value)) as KeyRingState);
  }

  async writeKeyRing(next: KeyRingState, expected: KeyRingState | null): Promise<boolean> {
    return expected === null
      ? (await this.#write('INSERT OR IGNORE INTO data_protection (name, value) VALUES (?, ?)', [KEY_RING, JSON.stringify(next)])) > 0
      : (await this.#write('UPDATE data_protection SET value = ? WHERE name = ? AND value = ?', [JSON.stringify(next), KEY_RING, JSON.stringify(expected)])) > 0;
  }

  async close(): Promise<void> {
    this.#db?.close();
    this.#db = null;
  }

  async ping(): Promise<void> {
    await this.#run(() => this.#open().get('SELECT count(*) FROM sqlite_schema'));
  }

  async insertKey(key: ApiKeyRecord): Promise<void> {
    await this.#write('INSERT INTO api_keys VALUES (?, ?, ?, ?, ?, ?, ?)', keyParams(key));
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const row = await this.#run(() => this.#open().get('SELECT * FROM api_keys WHERE hash = ?', [hash]));
    return row === null ? null : keyFromRow(row);
  }

  async listKeys(): Promise<ApiKeyRecord[]> {
    const rows = await this.#run(() => this.#open().all('SELECT * FROM api_keys ORDER BY created_at, hash'));
    return rows.map(keyFromRow);
  }

  /** The first revocation time stands; revoking again still reports the key as found. */
  async revokeKey(hash: string, at: Date): Promise<boolean> {
    const sql = 'UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE hash = ?';
    return (await this.#write(sql, [at.getTime(), hash])) > 0;
  }

  /** One IMMEDIATE transaction: the cap holds across processes. */
  async insertRequest(request: VerificationRequestRecord, maxPending?: number): Promise<boolean> {
    const sealed = request.erasedAt === null ? this.cipher.sealRequest(request.id, requestSecrets(request)) : null;
    const [sql, params] = insertInto('requests', requestColumns(request, sealed));
    const creator = request.createdByKey;
    if (maxPending === undefined || creator === null) return (await this.#write(sql, params)) > 0;
    return this.#run(() => this.#transaction(() => {
      const db = this.#open();
      const held = db.get(`SELECT count(*) AS count FROM requests WHERE ${PENDING_OF_KEY}`, [creator, request.created.getTime()]);
      if (Number(held?.count ?? 0) >= maxPending) return false;
      db.run(sql, params);
      return true;
    }));
  }

  async pendingRequests(keyHash: string, now: Date): Promise<PendingCount> {
    const row = await this.#run(() => this.#open().get(
      `SELECT count(*) AS count, min(expires_at) AS first FROM requests WHERE ${PENDING_OF_KEY}`, [keyHash, now.getTime()]));
    return { count: Number(row?.count ?? 0), firstExpiry: row?.first == null ? null : new Date(Number(row.first)) };
  }

  async getRequest(id: string): Promise<VerificationRequestRecord | null> {
    const row = await this.#run(() => this.#open().get('SELECT * FROM requests WHERE id = ?', [id]));
    return row === null ? null : requestFromRow(this.cipher, row);
  }

  async claimRequest(id: string, now: Date, staleBefore: Date): Promise<ClaimOutcome> {
    const outcome = await this.#run(() => this.#transaction((): ClaimOutcome | Row => {
      const db = this.#open();
      const claimed = db.all(
        `UPDATE requests SET claimed_at = ? WHERE id = ? AND status = ${Pending} AND erased_at IS NULL
           AND (claimed_at IS NULL OR claimed_at < ?) AND expires_at > ? RETURNING *`,
        [now.getTime(), id, staleBefore.getTime(), now.getTime()],
      );
      if (claimed[0] !== undefined) return claimed[0];
      const row = db.get('SELECT status, expires_at, account_id, document_type, erased_at FROM requests WHERE id = ?', [id]);
      if (row === null) return { ok: false, reason: 'NotFound' };
      if (row.erased_at !== null) return { ok: false, reason: 'Erased' };
      if (Number(row.status) === Expired) return { ok: false, reason: 'Expired' };
      if (Number(row.status) !== Pending) return { ok: false, reason: 'AlreadyProcessed' };
      if (Number(row.expires_at) > now.getTime()) return { ok: false, reason: 'InProgress' };
      db.run(`UPDATE requests SET status = ${Expired}, finished_at = ?, claimed_at = NULL, ${DROP_IMAGES} WHERE id = ?`, [now.getTime(), id]);
      this.#outbox(String(row.account_id), expiredEvent(id, Number(row.document_type) as DocumentTypeValue, now));
      return { ok: false, reason: 'Expired' };
    }));
    return 'ok' in outcome ? outcome as ClaimOutcome : { ok: true, request: await requestFromRow(this.cipher, outcome) };
  }

  async releaseClaim(id: string): Promise<void> {
    await this.#write(`UPDATE requests SET claimed_at = NULL WHERE id = ? AND status = ${Pending}`, [id]);
  }

  async completeRequest(id: string, result: Record<string, unknown>, at: Date): Promise<void> {
    await this.#finish(id, at, 'result', result, `status = ${Success}, result = ?`, [],
      (documentType) => completedEvent(id, documentType, result, at));
  }

  async failRequest(id: string, code: string, message: string, at: Date): Promise<void> {
    await this.#finish(id, at, 'failureMessage', message, `status = ${Failed}, failure_message = ?, failure_code = ?`, [code],
      (documentType) => failedEvent(id, documentType, code, at));
  }

  async expireDue(now: Date): Promise<number> {
    return this.#run(() => this.#transaction(() => {
      const rows = this.#open().all(
        `UPDATE requests SET status = ${Expired}, finished_at = ?, claimed_at = NULL, ${DROP_IMAGES}
           WHERE status = ${Pending} AND erased_at IS NULL AND expires_at <= ? RETURNING id, account_id, document_type`,
        [now.getTime(), now.getTime()],
      );
      for (const row of rows) {
        this.#outbox(String(row.account_id), expiredEvent(String(row.id), Number(row.document_type) as DocumentTypeValue, now));
      }
      return rows.length;
    }));
  }

  async purgeImages(before: Date): Promise<number> {
    return this.#write(
      `UPDATE requests SET ${DROP_IMAGES} WHERE status <> ${Pending} AND images_deleted = 0 AND finished_at < ?`,
      [before.getTime()],
    );
  }

  async eraseRequest(id: string, at: Date): Promise<boolean> {
    return (await this.#write(`UPDATE requests SET ${ERASE} WHERE id = ? AND erased_at IS NULL`, [at.getTime(), id])) > 0;
  }

  async insertValidationRequest(request: ValidationRequestRecord): Promise<void> {
    const sealed = request.erasedAt === null ? this.cipher.sealPersonal(request.id, personalOf(request)) : null;
    const [sql, params] = insertInto('validation_requests', validationColumns(request, sealed));
    const tags = this.cipher.metadataTags(request.metadata);
    await this.#run(() => this.#transaction(() => {
      const db = this.#open();
      db.run(sql, params);
      for (const tag of tags) db.run('INSERT OR IGNORE INTO validation_metadata (tag, request_id) VALUES (?, ?)', [tag, request.id]);
    }));
  }

  async getValidationRequest(id: string): Promise<ValidationRequestRecord | null> {
    const row = await this.#run(() => this.#open().get('SELECT * FROM validation_requests WHERE id = ?', [id]));
    return row === null ? null : validationFromRow(this.cipher, row);
  }

  async eraseValidationRequest(id: string, at: Date): Promise<boolean> {
    return this.#run(() => this.#transaction(() => {
      const db = this.#open();
      const erased = db.run('UPDATE validation_requests SET personal = NULL, data_key = NULL, erased_at = ? WHERE id = ? AND erased_at IS NULL', [at.getTime(), id]);
      if (erased.changes === 0) return false;
      db.run('DELETE FROM validation_metadata WHERE request_id = ?', [id]);
      db.run(`UPDATE requests SET ${ERASE} WHERE onboarding_id = ? AND erased_at IS NULL`, [at.getTime(), id]);
      return true;
    }));
  }

  async appendAudit(entry: AuditEntry): Promise<void> {
    await this.#write(
      'INSERT INTO audit_log (at, account_id, key_prefix, key_type, action, request_id, trace_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [entry.at.getTime(), entry.accountId, entry.keyPrefix, entry.keyType, entry.action, entry.requestId, entry.traceId],
    );
  }

  async listAudit(accountId: string, since: Date | null): Promise<AuditEntry[]> {
    const rows = await this.#run(() => this.#open().all(
      'SELECT * FROM audit_log WHERE account_id = ? AND at >= ? ORDER BY at, seq', [accountId, since?.getTime() ?? 0]));
    return rows.map((row) => ({
      at: new Date(Number(row.at)), accountId: String(row.account_id), keyPrefix: String(row.key_prefix),
      keyType: String(row.key_type) as KeyType, action: String(row.action) as AuditAction,
      requestId: String(row.request_id), traceId: String(row.trace_id),
    }));
  }

  /** The master key id is the wrapped key's first 8 bytes. */
  async wrappedDataKeys(notUnder: string, limit: number): Promise<WrappedDataKey[]> {
    const under = Buffer.from(notUnder, 'hex');
    return this.#run(() => {
      const db = this.#open();
      const found: WrappedDataKey[] = [];
      for (const [kind, table] of [['request', 'requests'], ['onboarding', 'validation_requests']] as const) {
        const rows = db.all(`SELECT id, data_key FROM ${table} WHERE data_key IS NOT NULL AND substr(data_key, 1, 8) <> ? LIMIT ?`, [under, limit - found.length]);
        for (const row of rows) found.push({ kind, id: String(row.id), dataKey: bytesOf(row.data_key) });
        if (found.length >= limit) break;
      }
      return found;
    });
  }

  async replaceDataKey(ref: WrappedDataKey, next: Buffer): Promise<boolean> {
    const table = ref.kind === 'request' ? 'requests' : 'validation_requests';
    return (await this.#write(`UPDATE ${table} SET data_key = ? WHERE id = ? AND data_key = ?`, [next, ref.id, ref.dataKey])) > 0;
  }

  /** Metadata matches blind-index tags as bound parameters: no key or value is read as SQL. */
  async listValidationRequests(query: ValidationListQuery): Promise<{ items: ValidationRequestRecord[]; total: number }> {
    if (query.locations.length === 0) return { items: [], total: 0 };
    const pairs = Object.entries(query.metadata);
    const hasStatus = query.status !== undefined && query.status !== null;
    const where = [
      'account_id = ?',
      'erased_at IS NULL',
      `location IN (${query.locations.map(() => '?').join(', ')})`,
      ...pairs.map(() => 'id IN (SELECT request_id FROM validation_metadata WHERE tag = ?)'),
      ...(hasStatus ? ['status = ?'] : []),
    ].join(' AND ');
    const tags = pairs.map(([key, value]) => this.cipher.metadataTag(key, value));
    const params: Params = [query.accountId, ...query.locations, ...tags, ...(hasStatus ? [query.status!] : [])];
    const { rows, total } = await this.#run(() => this.#transaction(() => {
      const db = this.#open();
      const rows = db.all(
        `SELECT * FROM validation_requests WHERE ${where} ORDER BY created_utc DESC, id DESC LIMIT ? OFFSET ?`,
        [...params, query.limit, query.offset],
      );
      const count = db.get(`SELECT count(*) AS total FROM validation_requests WHERE ${where}`, params);
      return { rows, total: Number(count?.total ?? 0) };
    }, 'BEGIN'));
    return { items: await Promise.all(rows.map((row) => validationFromRow(this.cipher, row))), total };
  }

  async recordLinkOpened(id: string): Promise<ValidationRequestRecord | null> {
    return this.#updateValidation('opened_link_times = opened_link_times + 1', [id]);
  }

    /** SQLite evaluates SET on the row as it was. */
  async recordAttempt(id: string, attempt: Parameters<Store['recordAttempt']>[1]): Promise<ValidationRequestRecord | null> {
    const ok = attempt.succeeded ? 1 : 0;
    const expired = attempt.documentExpired === null ? null : Number(attempt.documentExpired);
    return this.#updateValidation(
      `attempts_used = attempts_used + 1,
       last_response_id = ?,
       status = CASE WHEN completed THEN status WHEN ? THEN ${Success} ELSE ${Failed} END,
       document_expired = CASE WHEN completed THEN document_expired ELSE ? END,
       success_response_id = CASE WHEN completed OR NOT ? THEN success_response_id ELSE ? END,
       completed = completed OR ?`,
      [attempt.responseId, ok, expired, ok, attempt.responseId, ok, id],
      // Response ids are unique, so this attempt completed the invitation exactly when it became its success.
      (updated) => (attempt.succeeded && updated.success_response_id === attempt.responseId
        ? onboardingEvent(id, attempt.responseId, attempt.documentType, new Date())
        : null),
    );
  }

  async insertWebhookEndpoint(endpoint: WebhookEndpointRecord): Promise<void> {
    await this.#write('INSERT INTO webhook_endpoints VALUES (?, ?, ?, ?, ?, ?)', endpointParams(endpoint));
  }

  async getWebhookEndpoint(id: string): Promise<WebhookEndpointRecord | null> {
    const row = await this.#run(() => this.#open().get('SELECT * FROM webhook_endpoints WHERE id = ?', [id]));
    return row === null ? null : endpointFromRow(row);
  }

  async listWebhookEndpoints(accountId: string): Promise<WebhookEndpointRecord[]> {
    const rows = await this.#run(() => this.#open().all('SELECT * FROM webhook_endpoints WHERE account_id = ? ORDER BY created_at, id', [accountId]));
    return rows.map(endpointFromRow);
  }

  async deleteWebhookEndpoint(id: string): Promise<boolean> {
    return this.#run(() => this.#transaction(() => {
      const db = this.#open();
      db.run('DELETE FROM webhook_deliveries WHERE endpoint_id = ?', [id]);
      return db.run('DELETE FROM webhook_endpoints WHERE id = ?', [id]).changes > 0;
    }));
  }

  async relayWebhookEvents(limit: number): Promise<number> {
    // A read first: the sender polls often, and an empty outbox should not take the write lock.
    if (await this.#run(() => this.#open().get('SELECT 1 AS any FROM webhook_outbox LIMIT 1')) === null) return 0;
    return this.#run(() => this.#transaction(() => {
      const db = this.#open();
      const rows = db.all('SELECT * FROM webhook_outbox ORDER BY created_at LIMIT ?', [limit]);
      for (const row of rows) {
        const accountId = String(row.account_id);
        const endpoints = db.all('SELECT * FROM webhook_endpoints WHERE account_id = ?', [accountId]).map(endpointFromRow);
        for (const delivery of deliveriesFor(eventFromJson(String(row.event)), accountId, endpoints)) {
          db.run(`INSERT OR IGNORE INTO webhook_deliveries VALUES (${DELIVERY_MARKS})`, deliveryParams(delivery));
        }
        db.run('DELETE FROM webhook_outbox WHERE id = ?', [String(row.id)]);
      }
      return rows.length;
    }));
  }

  async dueWebhookDeliveries(now: Date, limit: number): Promise<WebhookDeliveryRecord[]> {
    const rows = await this.#run(() => this.#open().all(
      "SELECT * FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?",
      [now.getTime(), limit],
    ));
    return rows.map(deliveryFromRow);
  }

  /** One UPDATE under the file lock: across processes, one claimer changes the row. */
  async claimWebhookAttempt(id: string, attempt: number, _dueAt: Date, now: Date, staleMs: number): Promise<boolean> {
    const changed = await this.#write(
      `UPDATE webhook_deliveries SET claimed_attempt = ?, claimed_at = ?
         WHERE id = ? AND state = 'pending' AND attempts = ?
           AND (claimed_attempt IS NULL OR claimed_attempt < ? OR claimed_at < ?)`,
      [attempt, now.getTime(), id, attempt - 1, attempt, now.getTime() - staleMs],
    );
    return changed > 0;
  }

  /** The delivery's row and its log entry in one transaction; the log keeps the newest MAX_ATTEMPTS. */
  async recordWebhookAttempt(id: string, attempt: number, outcome: WebhookAttemptOutcome): Promise<void> {
    await this.#run(() => this.#transaction(() => {
      const db = this.#open();
      const recorded = db.run(
        `UPDATE webhook_deliveries SET attempts = ?, state = ?, next_attempt_at = ?, last_attempt_at = ?,
           last_status_code = ?, last_error = ?, claimed_attempt = NULL, claimed_at = NULL
           WHERE id = ? AND attempts = ?`,
        [attempt, outcome.state, outcome.nextAttemptAt?.getTime() ?? null, outcome.at.getTime(), outcome.statusCode,
          outcome.error, id, attempt - 1],
      );
      if (recorded.changes === 0) return;
      db.run(
        'INSERT OR REPLACE INTO webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)',
        [id, attempt, outcome.sentAt.getTime(), outcome.statusCode, outcome.error, outcome.durationMs],
      );
      db.run('DELETE FROM webhook_attempts WHERE delivery_id = ? AND attempt <= ?', [id, attempt - MAX_ATTEMPTS]);
    }));
  }

  async listWebhookDeliveries(endpointId: string, limit: number): Promise<WebhookDeliveryListing[]> {
    const { rows, attempts } = await this.#run(() => this.#transaction(() => {
      const db = this.#open();
      const newest = 'SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY created_at DESC, id DESC LIMIT ?';
      return {
        rows: db.all(newest, [endpointId, limit]),
        attempts: db.all(
          `SELECT a.* FROM webhook_attempts a JOIN (${newest}) d ON a.delivery_id = d.id ORDER BY a.attempt DESC`, [endpointId, limit]),
      };
    }, 'BEGIN'));
    const logs = new Map<string, WebhookAttemptRecord[]>();
    for (const row of attempts) {
      const deliveryId = String(row.delivery_id);
      logs.set(deliveryId, [...(logs.get(deliveryId) ?? []), attemptFromRow(row)]);
    }
    return rows.map((row) => ({ ...deliveryFromRow(row), attemptLog: logs.get(String(row.id)) ?? [] }));
  }

  async oldestPendingWebhook(): Promise<Date | null> {
    const row = await this.#run(() => this.#open().get(
      `SELECT min(created_at) AS oldest FROM (
         SELECT min(created_at) AS created_at FROM webhook_outbox
         UNION ALL SELECT min(created_at) FROM webhook_deliveries WHERE state = 'pending')`));
    return row === null || row.oldest === null ? null : new Date(Number(row.oldest));
  }

  /** Call inside the transaction of the change that caused it. */
  #outbox(accountId: string, event: WebhookEvent): void {
    this.#open().run('INSERT INTO webhook_outbox VALUES (?, ?, ?, ?)', [event.id, accountId, eventToJson(event), event.created.getTime()]);
  }

  #open(): sqlite3.Database {
    if (this.#db === null) throw new Error('the SQLite store is not open: call init() first');
    return this.#db;
  }

  #run<T>(work: () => T): Promise<T> {
    return retryWhileBusy(this.file, work);
  }

  #transaction<T>(work: () => T, begin = 'BEGIN IMMEDIATE'): T {
    const db = this.#open();
    db.exec(begin);
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }

  async #write(sql: string, params: Params): Promise<number> {
    return (await this.#run(() => this.#open().run(sql, params))).changes;
  }

  /** A request no longer pending, or past its deadline, stays as is: the sweeper's timing must not matter. */
  async #finish(
    id: string, at: Date, field: 'result' | 'failureMessage', value: unknown, set: string, params: Params,
    event: (documentType: DocumentTypeValue) => WebhookEvent,
  ): Promise<void> {
    const keyRow = await this.#run(() => this.#open().get('SELECT data_key FROM requests WHERE id = ? AND data_key IS NOT NULL', [id]));
    // Gone or erased (while the pipeline ran): nothing is written back.
    if (keyRow === null) return;
    const dataKey = bytesOf(keyRow.data_key);
    const sealed = await this.cipher.sealRequestField(id, dataKey, field, value);
    await this.#run(() => this.#transaction(() => {
      const [row] = this.#open().all(
        `UPDATE requests SET ${set}, finished_at = ?, claimed_at = NULL
           WHERE id = ? AND status = ${Pending} AND claimed_at IS NOT NULL AND expires_at > ? AND erased_at IS NULL
           RETURNING account_id, document_type`,
        [sealed, ...params, at.getTime(), id, at.getTime()],
      );
      if (row !== undefined) this.#outbox(String(row.account_id), event(Number(row.document_type) as DocumentTypeValue));
    }));
  }

  async #updateValidation(set: string, params: Params, event: (updated: Row) => WebhookEvent | null = () => null): Promise<ValidationRequestRecord | null> {
    const row = await this.#run(() => this.#transaction(() => {
      const [row] = this.#open().all(`UPDATE validation_requests SET ${set} WHERE id = ? RETURNING *`, params);
      if (row === undefined) return null;
      const happened = event(row as Row);
      if (happened !== null) this.#outbox(String(row.account_id), happened);
      return row as Row;
    }));
    return row === null ? null : validationFromRow(this.cipher, row);
  }
}
