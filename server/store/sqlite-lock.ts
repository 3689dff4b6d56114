/**
 * Cross-process locking of the embedded store, as node-sqlite3-wasm does it, and what we add.
 *
 * Its file system layer has no POSIX locks and no shared memory (so no WAL: `journal_mode=WAL`
 * is silently refused and the rollback journal stays). It locks by creating a directory
 * `<db>.lock` with mkdir and removing it when the connection drops to no lock; every lock level
 * is exclusive, readers included. SQLite's busy timeout does not wait with it (the busy handler
 * returns at once), so we retry a busy statement ourselves, asynchronously, so that the event
 * loop keeps going while `idv keys create` and the server share the file.
 *
 * A process killed inside a transaction leaves the directory behind, and every later opener
 * would be refused forever. Our transactions are synchronous and take milliseconds, so a lock
 * directory older than STALE_LOCK_MS belongs to a dead process: we remove it, and the next
 * connection rolls back the hot journal that the dead transaction left.
 */
import { rmdirSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a busy store is retried before the operation fails. */
const BUSY_TIMEOUT_MS = 15_000;
/** A lock directory older than this is a dead process's; comfortably above any transaction. */
const STALE_LOCK_MS = 10_000;
const MAX_RETRY_DELAY_MS = 50;

/** SQLITE_BUSY as node-sqlite3-wasm reports it (its errors carry only SQLite's message). */
function isBusy(error: unknown): boolean {
  return error instanceof Error && error.message.includes('database is locked');
}

/** Removes the lock directory of database file `file` when it is stale. */
export function clearStaleLock(file: string, now = Date.now()): void {
  const lockDir = `${file}.lock`;
  try {
    if (now - statSync(lockDir).mtimeMs > STALE_LOCK_MS) rmdirSync(lockDir);
  } catch (error) {
    // Gone already (released, or cleared by another process): nothing to do.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Runs `work` (synchronous: one statement or one whole transaction) and retries it while the
 * database of `file` is locked by another connection, clearing a stale lock on the way.
 */
export async function retryWhileBusy<T>(file: string, work: () => T): Promise<T> {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let delay = 1; ; delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS)) {
    try {
      return work();
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
      clearStaleLock(file);
      await sleep(delay);
    }
  }
}
