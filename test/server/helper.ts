/**
 * Starts the real front door for a test: `node dist/server/cli.js serve --port 0` as its own
 * process, which forks the real pipeline child, on a fresh data folder and a real store.
 *
 * The store is the embedded SQLite one unless IDV_TEST_STORE=mongo, in which case
 * IDV_TEST_MONGODB_URI names a MongoDB-wire server and each server gets its own database.
 *
 * Keys are created in-process through the store before the server starts (the embedded store
 * file is then only opened by the server).
 */
import { execFile, execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import { loadConfig } from '../../server/config.js';
import { createKey } from '../../server/keys.js';
import { openStore } from '../../server/store/index.js';
import type { KeyType } from '../../server/store/store.js';
import { assertDocumented } from './openapi-conformance.js';

export const CLI = fileURLToPath(new URL('../../server/cli.js', import.meta.url));

export interface CliRun { code: number; stdout: string; stderr: string }

/** Runs the operator CLI (`idv …`) with `env` added, whatever its exit code. */
export async function runCli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
/** /work/shared/data beside the repository; tests that need it skip when it is absent. */
export const SHARED_DATA = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)), '../shared/data');

export interface KeySpec {
  type: KeyType;
  accountId: string;
  locations?: string[];
}

/** Two accounts with every key type; account A's dashboard key sees two locations. */
export const ACCOUNT_A = '0a0a0a0a-0000-4000-8000-00000000000a';
export const ACCOUNT_B = '0b0b0b0b-0000-4000-8000-00000000000b';
export const STANDARD_KEYS = {
  publicA: { type: 'public', accountId: ACCOUNT_A },
  secretA: { type: 'secret', accountId: ACCOUNT_A },
  privateA: { type: 'private', accountId: ACCOUNT_A, locations: ['north', 'south'] },
  privateANorth: { type: 'private', accountId: ACCOUNT_A, locations: ['north'] },
  publicB: { type: 'public', accountId: ACCOUNT_B },
  secretB: { type: 'secret', accountId: ACCOUNT_B },
  privateB: { type: 'private', accountId: ACCOUNT_B, locations: ['north'] },
} as const satisfies Record<string, KeySpec>;

export type StandardKeys = Record<keyof typeof STANDARD_KEYS, string>;

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when the body is empty. */
  body: any;
}

export interface ServerUnderTest {
  url: string;
  env: NodeJS.ProcessEnv;
  keys: StandardKeys;
  /** Process id of the current server process. */
  pid(): number;
  /** Everything the server wrote to stderr (its log), for diagnostics. */
  stderr: () => string;
  /** Everything written to stdout: the pipeline child's log (it inherits serve's stdout). */
  stdout: () => string;
  /** An HTTP call; `json` sets the body and content type. The answer is held to the OpenAPI document. */
  call(method: string, pathname: string, options?: CallOptions): Promise<Answer>;
  /** SIGKILL of the server process (its pipeline child notices the IPC channel close). */
  kill9(): Promise<void>;
  /** A new server process on the same data (its URL may differ: `url` follows it). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Environment of a fresh store: a temporary data folder, or a fresh MongoDB database. */
export async function testStoreEnv(t: Test): Promise<NodeJS.ProcessEnv> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'idv-test-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { IDV_DATA_DIR: dataDir, IDV_PIPELINE_THREADS: '1' };
  if (process.env.IDV_TEST_STORE === 'mongo') {
    const base = process.env.IDV_TEST_MONGODB_URI;
    if (!base) throw new Error('IDV_TEST_STORE=mongo needs IDV_TEST_MONGODB_URI');
    const url = new URL(base);
    url.pathname = `/idv_test_${randomUUID().replace(/-/g, '')}`;
    env.IDV_MONGODB_URI = url.toString();
  }
  return env;
}

/** Creates keys in the store that `env` names; returns them by name. */
export async function createKeys<K extends string>(env: NodeJS.ProcessEnv, specs: Record<K, KeySpec>): Promise<Record<K, string>> {
  const store = await openStore(loadConfig(env));
  try {
    const keys = {} as Record<K, string>;
    for (const [name, spec] of Object.entries(specs) as [K, KeySpec][]) {
      keys[name] = (await createKey(store, { type: spec.type, accountId: spec.accountId, locations: spec.locations ?? [] })).key;
    }
    return keys;
  } finally {
    await store.close();
  }
}

function waitListening(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    child.on('message', (message: { type?: string; url?: string }) => {
      if (message?.type === 'listening' && typeof message.url === 'string') resolve(message.url);
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited before listening (${code ?? signal}):\n${stderr()}`)));
  });
}

/** Forks `idv serve` and waits until it listens. */
export async function spawnServe(env: NodeJS.ProcessEnv, args: string[] = []): Promise<{ child: ChildProcess; url: string; stderr: () => string; stdout: () => string }> {
  let log = '';
  let out = '';
  const child = fork(CLI, ['serve', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    execArgv: [],
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const stderr = (): string => log;
  return { child, url: await waitListening(child, stderr), stderr, stdout: () => out };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface CallOptions {
  key?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  /** The call is outside the OpenAPI document on purpose (an unknown path): it must answer 404 NotFound. */
  outsideDocument?: boolean;
}

/**
 * Sends an HTTP request to `url` and parses the JSON answer, after holding the answer to the
 * OpenAPI document (openapi-conformance.ts): an undocumented route, status or body throws.
 */
export async function httpCall(url: string, method: string, pathname: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url + pathname, { method, headers, body });
  const text = await response.text();
  assertDocumented({ method, url: pathname, status: response.status, headers: response.headers, text }, { outsideDocument: options.outsideDocument });
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

/**
 * The real server with the standard keys, on a fresh store. `env` adds settings
 * (IDV_REQUEST_TTL_SECONDS, ...); `args` adds `serve` flags.
 */
export async function startServer(t: Test, options: { env?: NodeJS.ProcessEnv; args?: string[] } = {}): Promise<ServerUnderTest> {
  const env = { ...(await testStoreEnv(t)), ...options.env };
  const keys = await createKeys(env, STANDARD_KEYS);
  let current = await spawnServe(env, options.args);
  const server: ServerUnderTest = {
    get url() {
      return current.url;
    },
    env,
    keys,
    pid: () => current.child.pid!,
    stderr: () => current.stderr(),
    stdout: () => current.stdout(),
    call: (method, pathname, callOptions) => httpCall(current.url, method, pathname, callOptions),
    async kill9() {
      current.child.kill('SIGKILL');
      await exited(current.child);
    },
    async restart() {
      current = await spawnServe(env, options.args);
    },
    async stop() {
      current.child.kill('SIGTERM');
      await exited(current.child);
    },
  };
  t.teardown(() => server.stop());
  return server;
}

/** `skip` option of tests that need the shared data folder: false when it is there. */
export const NEEDS_SHARED_DATA: string | false = existsSync(SHARED_DATA)
  ? false
  : `shared test data not found at ${SHARED_DATA}`;

/** Process ids of the children of `pid` (serve's pipeline child). */
export function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map(Number).filter((n) => n > 0);
  } catch {
    return [];
  }
}

/** A non-loopback IPv4 address of this machine, or undefined. */
export const EXTERNAL_IPV4: string | undefined = Object.values(os.networkInterfaces()).flat()
  .find((info) => info !== undefined && info.family === 'IPv4' && !info.internal)?.address;

/** `skip` option of tests that need EXTERNAL_IPV4. */
export const NEEDS_EXTERNAL_IPV4: string | false = EXTERNAL_IPV4 === undefined ? 'no non-loopback IPv4 interface on this machine' : false;

/** `serve` flags for a server that needs no pipeline: nothing listens on port 1, none is started. */
export const NO_PIPELINE = ['--pipeline', '127.0.0.1:1'];

/** A request id of nobody's: GET /api/Request/{it} answers 404 NotFound when a key is let through. */
export const UNKNOWN_REQUEST = '/api/Request/8c7e2a4e-1111-4222-8333-944444444444';
