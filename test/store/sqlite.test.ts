/**
 * The store suite on the embedded SQLite store, plus what only a file can show: durability across
 * a kill -9, deleted images gone from the file's bytes, and recovery from a dead process's lock.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, utimesSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sqlite3 from 'node-sqlite3-wasm';
import t, { type Test } from 'tap';
import { RequestStatus } from '../../common/document.js';
import { openStore } from '../../server/store/index.js';
import { SQLITE_FILE, SqliteStore } from '../../server/store/sqlite.js';
import type { Store } from '../../server/store/store.js';
import { at, requestRecord } from './records.js';
import { storeSuite } from './store-suite.js';

async function tempDir(t: Test): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idv-store-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A store on `dir`, closed at teardown (before the folder is removed: teardowns run in reverse). */
async function open(t: Test, dir: string, dataKey?: Buffer): Promise<Store> {
  const store = await openStore({ dataDir: dir, dataKey });
  t.teardown(() => store.close());
  return store;
}

storeSuite(t, async (t) => {
  const dir = await tempDir(t);
  return { store: await open(t, dir), connect: (dataKey) => open(t, dir, dataKey) };
});

t.test('openStore creates a missing data folder and picks SQLite without a MongoDB URI', async (t) => {
  const dir = path.join(await tempDir(t), 'nested', 'data');
  const store = await open(t, dir);
  t.type(store, SqliteStore);
  t.ok(existsSync(path.join(dir, SQLITE_FILE)));
});

const INDEX_URL = JSON.stringify(new URL('../../server/store/index.js', import.meta.url).href);

/** Runs ES module `code` in a child node process; resolves with its exit signal and stdout. */
function runChild(code: string, env: Record<string, string>): Promise<{ signal: NodeJS.Signals | null; stdout: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
  return new Promise((resolve) => child.on('close', (_code, signal) => resolve({ signal, stdout })));
}

t.test('a write survives a kill -9 of its process right after it resolved', async (t) => {
  const dir = await tempDir(t);
  const request = requestRecord();
  const { signal } = await runChild(`
    import { openStore } from ${INDEX_URL};
    const store = await openStore({ dataDir: process.env.DIR });
    const request = JSON.parse(process.env.REQUEST, (k, v) => (v && v.type === 'Buffer' ? Buffer.from(v.data) : v));
    for (const key of ['created', 'expiresAt']) request[key] = new Date(request[key]);
    await store.insertRequest(request);
    process.kill(process.pid, 'SIGKILL');
  `, { DIR: dir, REQUEST: JSON.stringify(request) });
  t.equal(signal, 'SIGKILL', 'the writer was killed');
  const store = await open(t, dir);
  t.same(await store.getRequest(request.id), request, 'the row is there, whole');
});

t.test('processes claiming the same requests at once: each request is won exactly once', async (t) => {
  const dir = await tempDir(t);
  const store = await open(t, dir);
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const request = requestRecord();
    await store.insertRequest(request);
    ids.push(request.id);
  }
  const claimer = `
    import { openStore } from ${INDEX_URL};
    const store = await openStore({ dataDir: process.env.DIR });
    let won = 0;
    for (const id of process.env.IDS.split(',')) {
      if ((await store.claimRequest(id, new Date(${at(1000).getTime()}), new Date(0))).ok) won += 1;
    }
    await store.close();
    console.log(won);
  `;
  const runs = await Promise.all([0, 1, 2].map(() => runChild(claimer, { DIR: dir, IDS: ids.join(',') })));
  t.equal(runs.reduce((sum, run) => sum + Number(run.stdout), 0), ids.length);
});

/** The sealed image BLOBs of the file, read with the driver directly. */
function sealedImages(file: string): Buffer[] {
  const db = new sqlite3.Database(file, { readOnly: true });
  try {
    return db.all('SELECT coalesce(front_image, back_image) AS image FROM requests')
      .map((row) => Buffer.from(row.image as Uint8Array));
  } finally {
    db.close();
  }
}

t.test('deleted images are gone from the file, not just unreferenced', async (t) => {
  const dir = await tempDir(t);
  const store = await open(t, dir);
  const marker = randomBytes(64);
  // Large enough to spill into overflow pages, each page carrying the marker.
  const image = Buffer.concat(Array.from({ length: 200 }, () => marker));
  const purged = requestRecord({ status: RequestStatus.Success, finishedAt: at(0), result: {} });
  purged.content.frontImage = image;
  const expired = requestRecord({ expiresAt: at(0) });
  expired.content.backImage = image;
  await store.insertRequest(purged);
  await store.insertRequest(expired);
  const file = path.join(dir, SQLITE_FILE);
  t.notOk(readFileSync(file).includes(marker), 'the images are sealed: never in the file in clear');
  const sealed = sealedImages(file);
  t.equal(sealed.length, 2);
  t.ok(sealed.every((bytes) => readFileSync(file).includes(bytes.subarray(100, 164))), 'their sealed bytes are in the file at first');
  t.equal(await store.purgeImages(at(1)), 1);
  t.equal(await store.expireDue(at(1)), 1);
  t.notOk(sealed.some((bytes) => readFileSync(file).includes(bytes.subarray(100, 164))), 'no trace of them afterwards');
});

t.test('a lock left by a process killed mid-transaction is cleared and the store works', async (t) => {
  const dir = await tempDir(t);
  const store = await open(t, dir);
  const lock = path.join(dir, `${SQLITE_FILE}.lock`);
  mkdirSync(lock);
  const longAgo = new Date(Date.now() - 60_000);
  utimesSync(lock, longAgo, longAgo);
  const request = requestRecord();
  await store.insertRequest(request);
  t.same((await store.getRequest(request.id))?.id, request.id);
  t.notOk(existsSync(lock), 'the stale lock is gone (and no new one is left behind)');
});
