/**
 * The runner's part of a figures row: the machine, the date and commit, and the command as it
 * could be typed again. `commandLine` and `settingsOf` are pure; `runContext` reads the machine.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import type { RunContext } from './row.js';

/** Environment that says what a run measured; IDV_BENCH_KEY is a secret and the output folders say nothing of it. */
const MEASURED = /^IDV_(BENCH|OCR|PIPELINE)_/;
const UNSAID = new Set(['IDV_BENCH_KEY', 'IDV_BENCH_OUT', 'IDV_BENCH_FIGURES']);
/** Environment that changes the pipeline itself: the same suite under it is another run. */
const PIPELINE = /^IDV_(OCR|PIPELINE)_/;

function assignments(env: NodeJS.ProcessEnv, keep: (key: string) => boolean): string[] {
  return Object.entries(env)
    .filter(([key, value]) => keep(key) && !UNSAID.has(key) && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`);
}

/** `npm run bench -- <suite> <options>` with the measured environment before it. */
export function commandLine(suite: string, options: readonly string[], env: NodeJS.ProcessEnv): string {
  return [...assignments(env, (key) => MEASURED.test(key)), 'npm run bench --', suite, ...options].join(' ');
}

/** The pipeline settings the environment sets, e.g. `IDV_OCR_RECOGNISER=v6`; empty for the defaults. */
export function settingsOf(env: NodeJS.ProcessEnv): string {
  return assignments(env, (key) => PIPELINE.test(key)).join(' ');
}

/** The checkout's commit, `+ local changes` when tracked files differ from it; `unknown` outside git. */
function commit(): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return changed === '' ? hash : `${hash} + local changes`;
  } catch {
    return 'unknown commit';
  }
}

/** The machine as the run starts: its load then says whether the run had the machine to itself. */
export function machineNow(): string {
  const all = cpus();
  return `${all[0]?.model.trim() ?? 'unknown CPU'}, ${all.length} cores, load average ${loadavg()[0]!.toFixed(1)} at the start`;
}

/** The context of a run that has just ended; `machine` is machineNow() from before it began. */
export function runContext(suite: string, options: readonly string[], machine: string, env: NodeJS.ProcessEnv = process.env): RunContext {
  const when = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${commit()}`;
  return { machine, when, command: commandLine(suite, options, env), settings: settingsOf(env) };
}
