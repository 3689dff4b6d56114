/**
 * Bringing a sealed embedded store of schema version 1 up to 2, in init()'s transaction:
 * requests.created_by_key is added (null for older requests, which count toward no key's cap), and
 * each delivery's last attempt, kept by version 1 as last_* columns, becomes its attempt log's
 * first entry. Both steps are idempotent; nothing is dropped.
 */
import type sqlite3 from 'node-sqlite3-wasm';

export function schemaVersion(db: sqlite3.Database): number {
  return Number(db.get('PRAGMA user_version')?.user_version ?? 0);
}

/** Adds the columns version 1 lacks to its existing tables; call before SCHEMA. */
export function addMissingColumns(db: sqlite3.Database): void {
  const columns = db.all("SELECT name FROM pragma_table_info('requests')").map((row) => String(row.name));
  if (columns.length > 0 && !columns.includes('created_by_key')) db.exec('ALTER TABLE requests ADD COLUMN created_by_key TEXT');
}

/** Fills the attempt log from version 1's last_* columns; call after SCHEMA. Returns how many entries. */
export function backfillAttemptLog(db: sqlite3.Database): number {
  return db.run(
    `INSERT OR IGNORE INTO webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms)
       SELECT id, attempts, last_attempt_at, last_status_code, last_error, NULL FROM webhook_deliveries
       WHERE attempts > 0 AND last_attempt_at IS NOT NULL`,
  ).changes;
}
