// Both checks at once with short limits: a hung dependency means "not ready", never a hung probe.
import type { PipelineClient } from './pipeline-client.js';
import type { Store } from './store/store.js';

/** A MongoDB that went away can take its driver's 30 s server selection to fail a ping. */
export const STORE_PING_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  pipeline: string;
  store: 'ok' | 'unavailable' | 'timeout';
}

async function pingStore(store: Store, timeoutMs: number): Promise<Readiness['store']> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(resolve, timeoutMs, 'timeout');
  });
  try {
    return await Promise.race([store.ping().then(() => 'ok' as const, () => 'unavailable' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(store: Store, pipeline: PipelineClient, storeTimeoutMs = STORE_PING_TIMEOUT_MS): Promise<Readiness> {
  const [pipelineStatus, storeStatus] = await Promise.all([pipeline.health(), pingStore(store, storeTimeoutMs)]);
  return { ready: pipelineStatus === 'SERVING' && storeStatus === 'ok', pipeline: pipelineStatus, store: storeStatus };
}
