// Reads never depend on the sweeper (states.ts); it makes images really leave the store on time.
import type { Store } from '../store/store.js';

export interface SweeperOptions {
  intervalMs: number;
  retentionMs: number;
  log: (line: Record<string, unknown>) => void;
}

export interface Sweeper {
  sweep(): Promise<{ expired: number; purged: number }>;
  stop(): Promise<void>;
}

export function startSweeper(store: Store, options: SweeperOptions): Sweeper {
  let running: Promise<{ expired: number; purged: number }> | null = null;
  const sweep = (): Promise<{ expired: number; purged: number }> => {
    // Passes never overlap: a slow store delays the next one instead of piling them up.
    running ??= (async () => {
      // Picks up a rotation at the latest here, so new data keys go under its target.
      await store.cipher.refresh().catch((error: unknown) => {
        // Our key was retired by a completed rotation: this process reads on with what it holds; its next start needs the new key.
        options.log({ level: 'warn', event: 'data-key', details: String(error) });
      });
      const now = new Date();
      const expired = await store.expireDue(now);
      const purged = await store.purgeImages(new Date(now.getTime() - options.retentionMs));
      if (expired > 0 || purged > 0) options.log({ level: 'info', event: 'sweep', expired, purged });
      return { expired, purged };
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = (): void => {
    sweep().catch((error: unknown) => options.log({ level: 'error', event: 'sweep', details: String(error) }));
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  tick();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
