/**
 * A store that has gone away — its folder unmounted, moved or unwritable, the database server
 * down or unreachable — is a temporary condition, like a pipeline that is down: callers answer
 * 503 ServiceUnavailable with Retry-After, and serve again as soon as the store is back, without
 * a restart (each store call opens what it needs again: the SQLite lock and journal files, the
 * MongoDB driver's connection pool).
 *
 * `reportUnavailability(store)` turns the drivers' I/O and connection errors into that coded
 * error and leaves every other error as it is (a bug or a broken constraint stays a 500). The
 * drivers are not imported here: their errors are recognised by message (node-sqlite3-wasm
 * carries only SQLite's message) and by the names of the MongoDB driver's error class and the
 * classes it extends. The driver has subclasses outside its public names: a connection in use
 * when the server's monitor loses the server fails with `PoolClearedOnNetworkError`, a
 * MongoNetworkError whose own name lacks the prefix, which by its name alone was a 500. That race
 * is the likeliest cause of the 500 that the test killing the server (test/faults/mongo-away.test.ts)
 * met in about one run of 35.
 */
import { CodedError } from '../../common/errors.js';
import type { Store } from './store.js';

/** SQLite result codes of a store that cannot be reached or written right now. */
const SQLITE_UNAVAILABLE = /disk I\/O error|unable to open database file|database is locked|attempt to write a readonly database|database or disk is full/;

/** MongoDB driver errors of a server that cannot be reached or has dropped the connection. */
const MONGO_UNAVAILABLE = new Set([
  'MongoNetworkError', 'MongoNetworkTimeoutError', 'MongoServerSelectionError', 'MongoNotConnectedError',
  'MongoTopologyClosedError', 'MongoServerClosedError', 'MongoPoolClearedError', 'MongoWaitQueueTimeoutError',
]);

/** The error's own name and the names of its class and of every class that class extends. */
function errorNames(error: Error): string[] {
  const names = [error.name];
  for (let proto: object | null = Object.getPrototypeOf(error); proto !== null && proto !== Error.prototype; proto = Object.getPrototypeOf(proto)) {
    names.push((proto as { constructor: { name: string } }).constructor.name);
  }
  return names;
}

/** Whether `error` says the store is unreachable or unwritable (rather than that a call was wrong). */
export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const names = errorNames(error);
  if (names.some((name) => MONGO_UNAVAILABLE.has(name))) return true;
  const labelled = error as Error & { hasErrorLabel?: (label: string) => boolean };
  if (names.some((name) => name.startsWith('Mongo')) && typeof labelled.hasErrorLabel === 'function' && labelled.hasErrorLabel('RetryableWriteError')) return true;
  return SQLITE_UNAVAILABLE.test(error.message);
}

function translate(error: unknown): never {
  if (isStoreUnavailable(error)) {
    // The driver's message (paths, addresses) is for the log and development mode only.
    throw new CodedError('ServiceUnavailable', 'The store is temporarily unavailable.', `store: ${(error as Error).message}`);
  }
  throw error;
}

/** `store`, whose methods reject with ServiceUnavailable when the store cannot be reached. */
export function reportUnavailability(store: Store): Store {
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // Called on the target itself: the stores keep their connection in private fields.
      return (...args: unknown[]): unknown => {
        try {
          const result: unknown = value.apply(target, args);
          return result instanceof Promise ? result.catch(translate) : result;
        } catch (error) {
          return translate(error);
        }
      };
    },
  });
}
