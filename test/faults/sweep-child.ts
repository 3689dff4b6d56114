/**
 * One sweeper in its own process, for sweeper-concurrency.test.ts: it opens the store that its
 * environment names (as `serve` does), waits for the start time given as its argument, so that
 * several such processes sweep at the same moment, runs one pass and prints what the pass did
 * as one JSON line: {"expired": n, "purged": m}.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../server/config.js';
import { startSweeper } from '../../server/requests/sweeper.js';
import { openStore } from '../../server/store/index.js';

const startAt = Number(process.argv[2]);
const retentionMs = Number(process.argv[3]);
const store = await openStore(loadConfig(process.env));
await sleep(Math.max(0, startAt - Date.now()));
const done: Record<string, unknown>[] = [];
// A long interval: only the pass that starting the sweeper runs at once.
const sweeper = startSweeper(store, { intervalMs: 3_600_000, retentionMs, log: (line) => done.push(line) });
await sweeper.stop();
await store.close();
const pass = done.find((line) => line.event === 'sweep');
if (pass?.level === 'error') throw new Error(`the sweep failed: ${String(pass.details)}`);
process.stdout.write(`${JSON.stringify({ expired: pass?.expired ?? 0, purged: pass?.purged ?? 0 })}\n`);
