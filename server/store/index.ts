/**
 * Chooses the store: MongoDB when a connection string is configured, else the embedded SQLite
 * file in the data folder. Each implementation is loaded only when chosen, so the driver of the
 * other one is never imported. The master key that seals personal data is loaded first
 * (data-protection/master-key.ts); a key that does not open the store stops the start here.
 */
import { loadMasterKey, type MasterKeySettings } from '../data-protection/master-key.js';
import { reportUnavailability } from './availability.js';
import type { Store, StoreKeys } from './store.js';

export interface StoreConfig extends MasterKeySettings {
  /** Folder of the embedded store (and of the generated master key when none is configured). */
  dataDir: string;
  /** When set (non-empty), MongoDB is the store. */
  mongodbUri?: string | null;
}

export interface OpenOptions {
  /** Where start-up notices go (a generated key, records sealed from an earlier version). */
  log?: (line: Record<string, unknown>) => void;
  /** Master keys accepted besides the configured one: a rotation's target (`idv data-key rotate`). */
  extraKeys?: Buffer[];
}

/**
 * Opens and initialises (tables or collections, indexes, key ring, sealing of clear records) the
 * configured store. Once open, a store that goes away rejects with ServiceUnavailable
 * (availability.ts) until it is back.
 */
export async function openStore(config: StoreConfig, options: OpenOptions = {}): Promise<Store> {
  const master = loadMasterKey(config);
  if (master.generated) {
    options.log?.({
      level: 'warn', event: 'data-key-generated', file: master.defaultFile,
      message: 'no IDV_DATA_KEY or IDV_DATA_KEY_FILE: generated a master key in the data folder; keep a copy elsewhere and move it off this disk for production (docs/operations.md)',
    });
  }
  const extra = options.extraKeys ?? [];
  const keys: StoreKeys = {
    candidates: [master.key, ...extra],
    origin: master.origin,
    ...(config.dataKey ? {} : { reload: () => [loadMasterKey(config).key, ...extra] }),
  };
  let store: Store;
  if (config.mongodbUri) {
    const { MongoStore } = await import('./mongo.js');
    store = new MongoStore(config.mongodbUri, keys);
  } else {
    const { SqliteStore } = await import('./sqlite.js');
    store = new SqliteStore(config.dataDir, keys);
  }
  try {
    await store.init();
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  const sealed = store.sealedAtInit;
  if (sealed.requests + sealed.validationRequests > 0) {
    options.log?.({ level: 'info', event: 'data-sealed', ...sealed, message: 'sealed the records an earlier version stored in clear' });
  }
  return reportUnavailability(store);
}
