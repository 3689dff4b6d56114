// Only the chosen driver is imported; a master key that does not open the store stops the start here.
import { loadMasterKey, type MasterKeySettings } from '../data-protection/master-key.js';
import { reportUnavailability } from './availability.js';
import type { Store, StoreKeys } from './store.js';

export interface StoreConfig extends MasterKeySettings {
  dataDir: string;
  mongodbUri?: string | null;
}

export interface OpenOptions {
  log?: (line: Record<string, unknown>) => void;
  /** A rotation's target. */
  extraKeys?: Buffer[];
}

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
