/**
 * The embedded store: one SQLite file (`idv.sqlite`) in the data folder, in-process, through
 * node-sqlite3-wasm (the only importer of it).
 *
 * Durability: rollback journal (the driver's file layer cannot do WAL) with `synchronous=FULL`,
 * so a commit is fsynced before its statement returns, and every method resolves after its
 * commit. Atomicity: the driver is synchronous, so each method runs its statements as one
 * synchronous transaction (`BEGIN IMMEDIATE` where it reads then writes): nothing else in this
 * process can interleave, and other processes are kept out by the file lock (see sqlite-lock.ts).
 * Deleted images: set to NULL with `secure_delete=ON`, so the freed pages are zeroed and the bytes
 * are gone from the file, not just unreferenced.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sqlite3 from 'node-sqlite3-wasm';
import { RequestStatus } from '../../common/document.js';
import { retryWhileBusy } from './sqlite-lock.js';
import {
  SCHEMA, keyFromRow, keyParams, requestFromRow, requestParams, validationFromRow, validationParams, type Row,
} from './sqlite-schema.js';
import type {
  ApiKeyRecord, ClaimOutcome, Store, ValidationListQuery, ValidationRequestRecord, VerificationRequestRecord,
} from './store.js';

/** The file name of the embedded store inside the data folder. */
export const SQLITE_FILE = 'idv.sqlite';

const { Pending, Success, Failed, Expired } = RequestStatus;

/** SET clause that deletes a request's images. */
const DROP_IMAGES = 'front_image = NULL, back_image = NULL, face_image = NULL, images_deleted = 1';

type Params = (string | number | null | Uint8Array)[];

/** A Store on one SQLite file; `init()` opens it. */
export class SqliteStore implements Store {
  readonly file: string;
  #db: sqlite3.Database | null = null;

  constructor(dataDir: string) {
    this.file = path.resolve(dataDir, SQLITE_FILE);
  }

  async init(): Promise<void> {
    if (this.#db === null) {
      mkdirSync(path.dirname(this.file), { recursive: true });
      this.#db = new sqlite3.Database(this.file);
    }
    await this.#run(() => {
      const db = this.#open();
      db.exec('PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL; PRAGMA secure_delete = ON; PRAGMA foreign_keys = ON');
      this.#transaction(() => db.exec(SCHEMA));
    });
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

  async insertRequest(request: VerificationRequestRecord): Promise<void> {
    const marks = requestParams(request).map(() => '?').join(', ');
    await this.#write(`INSERT INTO requests VALUES (${marks})`, requestParams(request));
  }

  async getRequest(id: string): Promise<VerificationRequestRecord | null> {
    const row = await this.#run(() => this.#open().get('SELECT * FROM requests WHERE id = ?', [id]));
    return row === null ? null : requestFromRow(row);
  }

  async claimRequest(id: string, now: Date, staleBefore: Date): Promise<ClaimOutcome> {
    return this.#run(() => this.#transaction((): ClaimOutcome => {
      const db = this.#open();
      const claimed = db.all(
        `UPDATE requests SET claimed_at = ? WHERE id = ? AND status = ${Pending}
           AND (claimed_at IS NULL OR claimed_at < ?) AND expires_at > ? RETURNING *`,
        [now.getTime(), id, staleBefore.getTime(), now.getTime()],
      );
      if (claimed[0] !== undefined) return { ok: true, request: requestFromRow(claimed[0]) };
      const row = db.get('SELECT status, expires_at FROM requests WHERE id = ?', [id]);
      if (row === null) return { ok: false, reason: 'NotFound' };
      if (Number(row.status) === Expired) return { ok: false, reason: 'Expired' };
      if (Number(row.status) !== Pending) return { ok: false, reason: 'AlreadyProcessed' };
      if (Number(row.expires_at) > now.getTime()) return { ok: false, reason: 'InProgress' };
      db.run(`UPDATE requests SET status = ${Expired}, finished_at = ?, claimed_at = NULL, ${DROP_IMAGES} WHERE id = ?`, [now.getTime(), id]);
      return { ok: false, reason: 'Expired' };
    }));
  }

  async releaseClaim(id: string): Promise<void> {
    await this.#write(`UPDATE requests SET claimed_at = NULL WHERE id = ? AND status = ${Pending}`, [id]);
  }

  async completeRequest(id: string, result: Record<string, unknown>, at: Date): Promise<void> {
    await this.#finish(id, at, `status = ${Success}, result = ?`, [JSON.stringify(result)]);
  }

  async failRequest(id: string, code: string, message: string, at: Date): Promise<void> {
    await this.#finish(id, at, `status = ${Failed}, failure_code = ?, failure_message = ?`, [code, message]);
  }

  async expireDue(now: Date): Promise<number> {
    return this.#write(
      `UPDATE requests SET status = ${Expired}, finished_at = ?, claimed_at = NULL, ${DROP_IMAGES}
         WHERE status = ${Pending} AND expires_at <= ?`,
      [now.getTime(), now.getTime()],
    );
  }

  async purgeImages(before: Date): Promise<number> {
    return this.#write(
      `UPDATE requests SET ${DROP_IMAGES} WHERE status <> ${Pending} AND images_deleted = 0 AND finished_at < ?`,
      [before.getTime()],
    );
  }

  async insertValidationRequest(request: ValidationRequestRecord): Promise<void> {
    const params = validationParams(request);
    await this.#run(() => this.#transaction(() => {
      const db = this.#open();
      db.run(`INSERT INTO validation_requests VALUES (${params.map(() => '?').join(', ')})`, params);
      for (const [key, value] of Object.entries(request.metadata)) {
        db.run('INSERT INTO validation_metadata (key, value, request_id) VALUES (?, ?, ?)', [key, value, request.id]);
      }
    }));
  }

  async getValidationRequest(id: string): Promise<ValidationRequestRecord | null> {
    const row = await this.#run(() => this.#open().get('SELECT * FROM validation_requests WHERE id = ?', [id]));
    return row === null ? null : validationFromRow(row);
  }

  /**
   * Keys and values are bound parameters matched against the side table by equality, so no key
   * or value is ever read as SQL, a JSON path or an operator.
   */
  async listValidationRequests(query: ValidationListQuery): Promise<{ items: ValidationRequestRecord[]; total: number }> {
    if (query.locations.length === 0) return { items: [], total: 0 };
    const pairs = Object.entries(query.metadata);
    const hasStatus = query.status !== undefined && query.status !== null;
    const where = [
      'account_id = ?',
      `location IN (${query.locations.map(() => '?').join(', ')})`,
      ...pairs.map(() => 'id IN (SELECT request_id FROM validation_metadata WHERE key = ? AND value = ?)'),
      ...(hasStatus ? ['status = ?'] : []),
    ].join(' AND ');
    const params: Params = [query.accountId, ...query.locations, ...pairs.flat(), ...(hasStatus ? [query.status!] : [])];
    return this.#run(() => this.#transaction(() => {
      const db = this.#open();
      const rows = db.all(
        `SELECT * FROM validation_requests WHERE ${where} ORDER BY created_utc DESC, id DESC LIMIT ? OFFSET ?`,
        [...params, query.limit, query.offset],
      );
      const count = db.get(`SELECT count(*) AS total FROM validation_requests WHERE ${where}`, params);
      return { items: rows.map(validationFromRow), total: Number(count?.total ?? 0) };
    }, 'BEGIN'));
  }

  async recordLinkOpened(id: string): Promise<ValidationRequestRecord | null> {
    return this.#updateValidation('opened_link_times = opened_link_times + 1', [id]);
  }

  /**
   * Every attempt counts and becomes the last response. Until the invitation is completed, the
   * attempt sets its status (Success or Failed) and documentExpired, and a successful one
   * completes it with its response as successResponseId; after that the first success stands.
   * (SQLite evaluates every SET expression on the row as it was before the update.)
   */
  async recordAttempt(id: string, attempt: { responseId: string; succeeded: boolean; documentExpired: boolean | null }): Promise<ValidationRequestRecord | null> {
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
    );
  }

  #open(): sqlite3.Database {
    if (this.#db === null) throw new Error('the SQLite store is not open: call init() first');
    return this.#db;
  }

  /** Runs synchronous `work`, retried while another process holds the file. */
  #run<T>(work: () => T): Promise<T> {
    return retryWhileBusy(this.file, work);
  }

  /** Runs `work` as one transaction; IMMEDIATE takes the write lock up front. */
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

  /** One write statement; returns the number of changed rows. */
  async #write(sql: string, params: Params): Promise<number> {
    return (await this.#run(() => this.#open().run(sql, params))).changes;
  }

  /**
   * Claimed → final. A request that is no longer pending (a stale claim's taker finished first,
   * or it expired) stays as it is: final states are final. So does one past its deadline, so
   * that the outcome does not depend on whether the sweeper has run yet.
   */
  async #finish(id: string, at: Date, set: string, params: Params): Promise<void> {
    await this.#write(
      `UPDATE requests SET ${set}, finished_at = ?, claimed_at = NULL
         WHERE id = ? AND status = ${Pending} AND claimed_at IS NOT NULL AND expires_at > ?`,
      [...params, at.getTime(), id, at.getTime()],
    );
  }

  async #updateValidation(set: string, params: Params): Promise<ValidationRequestRecord | null> {
    const rows = await this.#run(() => this.#open().all(`UPDATE validation_requests SET ${set} WHERE id = ? RETURNING *`, params));
    return rows[0] === undefined ? null : validationFromRow(rows[0] as Row);
  }
}
