/**
 * The front door the accuracy bench verifies through: the real Koa service (server/main.ts) on a
 * fresh embedded store in a temporary folder, in front of the bench's pipeline, with one secret
 * key. Rate limiting is off: the bench is one well-behaved client that must never be throttled.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.js';
import { createKey } from '../../server/keys.js';
import { createLog } from '../../server/log.js';
import { startServer } from '../../server/main.js';
import { openStore } from '../../server/store/index.js';

export interface BenchFrontDoor {
  url: string;
  secretKey: string;
  close(): Promise<void>;
}

const BENCH_ACCOUNT = 'be0c0000-0000-4000-8000-000000000001';

export async function startBenchFrontDoor(pipelineAddress: string): Promise<BenchFrontDoor> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'idv-bench-'));
  try {
    const config = loadConfig(
      { IDV_DATA_DIR: dataDir, IDV_RATE_LIMIT_PER_SECOND: '0', IDV_PIPELINE_DEADLINE_MS: '120000' },
      ['--host', '127.0.0.1', '--port', '0', '--pipeline', pipelineAddress],
    );
    // The key is written before the server opens the store, as `idv keys create` would.
    const store = await openStore(config);
    const { key } = await createKey(store, { type: 'secret', accountId: BENCH_ACCOUNT, locations: [] });
    await store.close();
    const server = await startServer(config, createLog('error'));
    return {
      url: server.url,
      secretKey: key,
      async close() {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
