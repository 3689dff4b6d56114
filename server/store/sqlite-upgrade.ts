// Schema 1 → 2 in init()'s transaction; idempotent, nothing dropped. Older requests count toward no key's cap.
import type sqlite3 from 'node-sqlite3-wasm';

export function schemaVersion(db: sqlite3.Database): number {
  return Number(db.get('PRAGMA user_version')?.user_version ?? 0);
}

/** Call before SCHEMA. */
export function addMissingColumns(db: sqlite3.Database): void {
  const columns = db.all("SELECT name FROM pragma_table_info('requests')").map((row) => String(row.name));
  if (columns.length > 0 && !columns.includes('created_by_key')) db.exec('ALTER TABLE requests ADD COLUMN created_by_key TEXT');
}

/** Call after SCHEMA. */
export function backfillAttemptLog(db: sqlite3.Database): number {
  return db.run(
    `INSERT OR IGNORE INTO webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms)
       SELECT id, attempts, last_attempt_at, last_status_code, last_error, NULL FROM webhook_deliveries
       WHERE attempts > 0 AND last_attempt_at IS NOT NULL`,
  ).changes;
}
