/**
 * Chooses the store: MongoDB when a connection string is configured, else the embedded SQLite
 * file in the data folder. Each implementation is loaded only when chosen, so the driver of the
 * other one is never imported.
 */
import { reportUnavailability } from './availability.js';
import type { Store } from './store.js';

export interface StoreConfig {
  /** Folder of the embedded store. */
  dataDir: string;
  /** When set (non-empty), MongoDB is the store. */
  mongodbUri?: string | null;
}

/**
 * Opens and initialises (tables or collections, indexes) the configured store. Once open, a store
 * that goes away rejects with ServiceUnavailable (availability.ts) until it is back.
 */
export async function openStore(config: StoreConfig): Promise<Store> {
  let store: Store;
  if (config.mongodbUri) {
    const { MongoStore } = await import('./mongo.js');
    store = new MongoStore(config.mongodbUri);
  } else {
    const { SqliteStore } = await import('./sqlite.js');
    store = new SqliteStore(config.dataDir);
  }
  try {
    await store.init();
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  return reportUnavailability(store);
}
