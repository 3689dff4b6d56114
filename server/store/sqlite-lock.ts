// node-sqlite3-wasm locks by mkdir of `<db>.lock` and its busy handler does not wait, so busy
// statements are retried here; a stale lock is removed and the next connection rolls back the journal.
import { rmdirSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const BUSY_TIMEOUT_MS = 15_000;
/** A lock directory older than this is a dead process's; comfortably above any transaction. */
const STALE_LOCK_MS = 10_000;
const MAX_RETRY_DELAY_MS = 50;

/** Its errors carry only SQLite's message. */
function isBusy(error: unknown): boolean {
  return error instanceof Error && error.message.includes('database is locked');
}

export function clearStaleLock(file: string, now = Date.now()): void {
  const lockDir = `${file}.lock`;
  try {
    if (now - statSync(lockDir).mtimeMs > STALE_LOCK_MS) rmdirSync(lockDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** `work` is synchronous: one statement or one whole transaction. */
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
