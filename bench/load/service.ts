/**
 * The service under load, as separate processes, started the way an operator starts it:
 *
 *   idv keys create --type secret        (IDV_DATA_DIR = a temporary folder: the embedded store)
 *   idv serve --port 0                   → the front door, which forks its pipeline child
 *
 * Rate limiting is off (one bench key sends far more than a client would). The pipeline gets the
 * default thread budget (IDV_PIPELINE_THREADS, default the machine's cores). With IDV_BENCH_URL and
 * IDV_BENCH_KEY nothing is started: the bench drives that front door, and memory is not sampled.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { childPids } from './memory.js';

const CLI = fileURLToPath(new URL('../../server/cli.js', import.meta.url));
/** Model checks on a cold machine can take a while. */
const START_TIMEOUT_MS = 240_000;
/** The last part of what the service wrote, for the error when it fails. */
const LOG_TAIL_CHARS = 4_000;

export interface ServiceUnderLoad {
  url: string;
  key: string;
  /** Process ids to sample, or null when the service is not ours (IDV_BENCH_URL). */
  frontDoorPid(): number | null;
  pipelinePid(): number | null;
  /** What the processes wrote lately (their logs), for diagnostics. */
  logTail(): string;
  close(): Promise<void>;
}

/** A front door that is already running: nothing to start or stop. */
export function externalService(target: { url: string; key: string }): ServiceUnderLoad {
  return { ...target, frontDoorPid: () => null, pipelinePid: () => null, logTail: () => '', close: async () => {} };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Creates a secret key and starts `idv serve` on a fresh embedded store; resolves once it listens. */
export async function startService(): Promise<ServiceUnderLoad> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'idv-load-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    IDV_DATA_DIR: dataDir,
    IDV_RATE_LIMIT_PER_SECOND: '0',
    IDV_LOG_LEVEL: process.env.IDV_LOG_LEVEL ?? 'warn',
  };
  delete env.IDV_MONGODB_URI;
  let child: ChildProcess | undefined;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'keys', 'create', '--type', 'secret'], { env });
    const key = stdout.trim();
    if (!key.startsWith('sk_')) throw new Error(`idv keys create printed no secret key: "${stdout}"`);

    let log = '';
    const keep = (chunk: Buffer): void => {
      log = (log + chunk.toString()).slice(-LOG_TAIL_CHARS);
    };
    child = fork(CLI, ['serve', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], execArgv: [] });
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const serve = child;
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`idv serve did not listen within ${START_TIMEOUT_MS / 1000} s:\n${log}`)), START_TIMEOUT_MS);
      serve.on('message', (message: { type?: string; url?: string }) => {
        if (message?.type !== 'listening' || typeof message.url !== 'string') return;
        clearTimeout(timer);
        resolve(message.url);
      });
      serve.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`idv serve exited before listening (${code ?? signal}):\n${log}`));
      });
    });
    return {
      url,
      key,
      frontDoorPid: () => (serve.exitCode === null ? serve.pid ?? null : null),
      pipelinePid: () => (serve.pid === undefined ? null : childPids(serve.pid)[0] ?? null),
      logTail: () => log,
      async close() {
        serve.kill('SIGTERM');
        const killer = setTimeout(() => serve.kill('SIGKILL'), 20_000);
        await exited(serve);
        clearTimeout(killer);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (child !== undefined) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
