/**
 * The image's final stage laid out without a container builder (none runs on the build machine),
 * for image-layout.test.ts and image-reads.test.ts: its COPY lines laid out in a temporary /app,
 * the models prepared into its cache as the build stage does (`npm run models`: the repository's
 * compiled model-build/, which the final stage does not copy), its ENTRYPOINT and HEALTHCHECK run
 * from that folder with the image's ENV.
 *
 * What it cannot show: node_modules is the repository's (devDependencies included), not the deps
 * stage's `npm ci --omit=dev`; the Node binary is the machine's, not the base image's.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import { createKeys } from '../server/helper.js';
import { createPipelineClient, type PipelineClient } from '../../server/pipeline-client.js';
import { copies, environment, execForm, instructions, readDockerfile } from './dockerfile.js';
import { ROOT } from './tools.js';

const IMAGE_ROOT = '/app';
const final = readDockerfile().stages.at(-1)!;

/** Lays the final stage's COPY lines out under `app`: code copied, data folders linked. */
function layOut(app: string): void {
  for (const copy of copies(final)) {
    for (const source of copy.sources) {
      // COPY --from=build /app/x takes the repository's build output x; a plain COPY takes x itself.
      const local = path.join(ROOT, copy.from === undefined ? source : path.relative(IMAGE_ROOT, source));
      const destination = path.join(app, copy.destination.endsWith('/') && copy.destination !== './' ? copy.destination : copy.destination === './' ? path.basename(source) : copy.destination);
      mkdirSync(path.dirname(destination), { recursive: true });
      // The cache is prepared by prepareLayout, as the build stage does; the repository's, if made, gives a head start.
      if (source.endsWith('models/cache')) {
        if (statSync(local, { throwIfNoEntry: false })?.isDirectory()) cpSync(local, destination, { recursive: true });
        continue;
      }
      // Modules are copied (Node resolves an import by its real path: a link would run the
      // repository's files, not the layout's); node_modules and data folders are linked.
      if (source.includes('dist/') || statSync(local).isFile()) cpSync(local, destination, { recursive: true });
      else symlinkSync(local, destination);
    }
  }
}

/** Every file under `dir` with its size and modification time, links not followed. */
export function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = statSync(full, { throwIfNoEntry: false });
        files.set(path.relative(dir, full), stat ? `${stat.size} ${stat.mtimeMs}` : 'link');
      }
    }
  };
  walk(dir);
  return files;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The image's HEALTHCHECK command against process `pid`, from the layout. */
export async function healthcheck(app: string, env: NodeJS.ProcessEnv, pid: number): Promise<{ code: number; said: string }> {
  const [node, script] = execForm(instructions(final, 'HEALTHCHECK')[0]!.args);
  try {
    const { stderr } = await promisify(execFile)(node === 'node' ? process.execPath : node!, [script!, String(pid)], { cwd: app, env });
    return { code: 0, said: stderr.trim() };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, said: e.stderr.trim() };
  }
}

/** Waits until `up()` holds (asked in-process: a HEALTHCHECK run costs a Node start). */
export async function until(up: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await up().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} never came up`);
}

/** The image's ENTRYPOINT with `args` (its command), from the layout. */
export function entrypoint(t: Test, app: string, env: NodeJS.ProcessEnv, args: string[]): ChildProcess {
  const [node, script] = execForm(instructions(final, 'ENTRYPOINT')[0]!.args);
  if (node !== 'node') throw new Error(`the ENTRYPOINT runs ${node}, not node`);
  const child = fork(path.join(app, script!), args, { cwd: app, env, stdio: 'ignore', execArgv: [] });
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return child;
}

export function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface Layout {
  tmp: string;
  app: string;
  env: NodeJS.ProcessEnv;
  /** What `npm run models` said while preparing the layout's cache. */
  prepared: string;
}

/** A fresh layout with its models prepared, removed when `t` ends. */
export async function prepareLayout(t: Test): Promise<Layout> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'idv-image-'));
  t.teardown(() => rmSync(tmp, { recursive: true, force: true }));
  const app = path.join(tmp, 'app');
  layOut(app);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: tmp };
  for (const [name, value] of Object.entries(environment(final))) env[name] = value.replace(IMAGE_ROOT, app);
  // The build stage's `npm run models`, into the layout's cache: the tooling is the build stage's, not the image's.
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'dist/model-build/cli.js')], { cwd: ROOT, env });
  return { tmp, app, env, prepared: stdout };
}

export interface RunningPipeline {
  child: ChildProcess;
  port: number;
  client: PipelineClient;
}

/** `idv pipeline` from the layout, once it serves. */
export async function startPipeline(t: Test, { app, env }: Layout): Promise<RunningPipeline> {
  const port = await freePort();
  const child = entrypoint(t, app, env, ['pipeline', '--host', '127.0.0.1', '--port', String(port), '--threads', '1']);
  const client = createPipelineClient(`127.0.0.1:${port}`, 2_000);
  t.teardown(() => client.close());
  await until(async () => (await client.health()) === 'SERVING', 'the pipeline');
  return { child, port, client };
}

export interface RunningDoor {
  child: ChildProcess;
  url: string;
  env: NodeJS.ProcessEnv;
  /** A secret key of the door's store. */
  secret: string;
}

/** `idv serve` from the layout, on `pipeline`, with an embedded store of its own and a secret key, once /health answers. */
export async function startDoor(t: Test, { app, env, tmp }: Layout, pipeline: RunningPipeline): Promise<RunningDoor> {
  const doorEnv = { ...env, IDV_DATA_DIR: path.join(tmp, 'data'), IDV_PIPELINE_THREADS: '1' };
  const keys = await createKeys(doorEnv, { secret: { type: 'secret', accountId: '0a0a0a0a-0000-4000-8000-00000000000a' } });
  const port = await freePort();
  const child = entrypoint(t, app, doorEnv, ['serve', '--host', '127.0.0.1', '--port', String(port), '--pipeline', `127.0.0.1:${pipeline.port}`]);
  const url = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${url}/health`)).ok, 'the front door');
  return { child, url, env: doorEnv, secret: keys.secret! };
}
