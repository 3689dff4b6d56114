// A store gone away answers 503 until back; driver errors are recognised by message and class
// names, so the drivers are not imported here.
import { CodedError } from '../../common/errors.js';
import type { Store } from './store.js';

/** SQLite result codes of a store that cannot be reached or written right now. */
const SQLITE_UNAVAILABLE = /disk I\/O error|unable to open database file|database is locked|attempt to write a readonly database|database or disk is full/;

/** MongoDB driver errors of a server that cannot be reached or has dropped the connection. */
const MONGO_UNAVAILABLE = new Set([
  'MongoNetworkError', 'MongoNetworkTimeoutError', 'MongoServerSelectionError', 'MongoNotConnectedError',
  'MongoTopologyClosedError', 'MongoServerClosedError', 'MongoPoolClearedError', 'MongoWaitQueueTimeoutError',
]);

function errorNames(error: Error): string[] {
  const names = [error.name];
  for (let proto: object | null = Object.getPrototypeOf(error); proto !== null && proto !== Error.prototype; proto = Object.getPrototypeOf(proto)) {
    names.push((proto as { constructor: { name: string } }).constructor.name);
  }
  return names;
}

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
