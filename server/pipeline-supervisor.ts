// Calls answer 503 until a restarted child listens; restarts back off while the child keeps dying.
import type { Log } from './log.js';
import { createPipelineClient, type PipelineClient } from './pipeline-client.js';
import { startPipelineProcess, type PipelineProcess } from './pipeline-process.js';
import type { PipelineSecurity } from './pipeline-security.js';

const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;

export interface SupervisedPipeline {
  client: PipelineClient;
  address(): string;
  stop(): Promise<void>;
}

/** The child listens on loopback in plain text and inherits IDV_PIPELINE_TOKEN. */
export async function supervisePipeline(deadlineMs: number, log: Log, token: string | null = null): Promise<SupervisedPipeline> {
  const security: PipelineSecurity = { token, tls: null };
  let current: PipelineProcess = await startPipelineProcess();
  let client = createPipelineClient(current.address, deadlineMs, security);
  let stopping = false;
  let backoff = FIRST_BACKOFF_MS;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;

  const restart = async (): Promise<void> => {
    if (stopping) return;
    try {
      const next = await startPipelineProcess();
      if (stopping) {
        await next.stop();
        return;
      }
      client.close();
      current = next;
      client = createPipelineClient(next.address, deadlineMs, security);
      startedAt = Date.now();
      watch(next);
      log({ level: 'info', event: 'pipeline restarted', address: next.address });
    } catch (error) {
      log({ level: 'error', event: 'pipeline restart failed', details: String(error) });
      schedule();
    }
  };
  const schedule = (): void => {
    if (Date.now() - startedAt > HEALTHY_AFTER_MS) backoff = FIRST_BACKOFF_MS;
    timer = setTimeout(() => void restart(), backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };
  const watch = (process: PipelineProcess): void => {
    process.child.once('exit', (code, signal) => {
      if (stopping) return;
      log({ level: 'error', event: 'pipeline exited', code, signal });
      schedule();
    });
  };
  watch(current);

  return {
    client: {
      verify: (input) => client.verify(input),
      health: () => client.health(),
      close: () => client.close(),
    },
    address: () => current.address,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      client.close();
      await current.stop();
    },
  };
}
