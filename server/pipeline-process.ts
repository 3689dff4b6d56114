/** Starts the pipeline as a child process (server/ and pipeline/ meet only over gRPC); it reports its address over IPC. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PIPELINE_MAIN = fileURLToPath(new URL('../pipeline/main.js', import.meta.url));
/** Model loading can be slow on a cold machine. */
const START_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 10_000;

export interface PipelineProcess {
  address: string;
  healthAddress: string | null;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after a grace period; resolves when the child is gone. */
  stop(): Promise<void>;
}

export interface PipelineProcessOptions {
  host?: string;
  port?: number;
  args?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export function startPipelineProcess(options: PipelineProcessOptions = {}): Promise<PipelineProcess> {
  const child = fork(PIPELINE_MAIN, ['--host', options.host ?? '127.0.0.1', '--port', String(options.port ?? 0), ...(options.args ?? [])], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
    env: options.env ?? process.env,
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited(child);
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      void stop();
      reject(new Error(`pipeline did not report listening within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const onMessage = (message: unknown): void => {
      const m = message as { type?: unknown; address?: unknown; healthAddress?: unknown };
      if (m?.type !== 'listening' || typeof m.address !== 'string') return;
      cleanup();
      resolve({ address: m.address, healthAddress: typeof m.healthAddress === 'string' ? m.healthAddress : null, child, stop });
    };
    const onExit = (code: number | null, signal: string | null): void => {
      cleanup();
      reject(new Error(`pipeline exited before listening (code ${code}, signal ${signal})`));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    function cleanup(): void {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

/** `idv pipeline`: forwards SIGINT/SIGTERM; resolves with its exit code. */
export function runPipelineForeground(args: readonly string[]): Promise<number> {
  const child = fork(PIPELINE_MAIN, [...args], { stdio: 'inherit', execArgv: [] });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
