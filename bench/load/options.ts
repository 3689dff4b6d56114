/**
 * Options of the load bench, from the bench runner's arguments and the environment:
 *
 *   --quick / IDV_BENCH_QUICK=1   short steps (5 s) at concurrency 1, 2, 4 with four bodies (CI)
 *   --duration S                  seconds per step (default 20; quick 5)
 *   --concurrency 1,2,4           the steps (default 1, 2, 4, 8, 16)
 *   --mix mixed|licence           the bodies: the mixed documents (default) or full licence
 *                                 verifications only (the throughput target's case)
 *   --soak S                      instead of steps: one concurrency (--concurrency N, default 2) for S
 *                                 seconds, memory sampled every few seconds
 *   IDV_BENCH_URL + IDV_BENCH_KEY drive a front door that is already running (secret key); no
 *                                 processes are started, so no memory is sampled
 *
 * A bad value is an error that names the option.
 */
export interface LoadOptions {
  quick: boolean;
  /** Seconds per concurrency step. */
  durationSeconds: number;
  /** Concurrent connections of each step, in order (one entry in soak mode). */
  concurrency: readonly number[];
  /** Soak mode: seconds at one concurrency; null runs the steps. */
  soakSeconds: number | null;
  /** Which bodies: the mix of document types, or full licence verifications only. */
  mix: LoadMix;
  /** A running front door to drive instead of starting one. */
  target: { url: string; key: string } | null;
}

export const LOAD_MIXES = ['mixed', 'licence'] as const;
export type LoadMix = (typeof LOAD_MIXES)[number];

export const LOAD_DEFAULTS = Object.freeze({
  durationSeconds: 20,
  quickDurationSeconds: 5,
  concurrency: [1, 2, 4, 8, 16],
  quickConcurrency: [1, 2, 4],
  soakConcurrency: 2,
});

/** The flags this bench reads that take a value (the runner must not take the value for a suite name). */
export const LOAD_VALUE_FLAGS = ['--duration', '--concurrency', '--soak', '--mix'] as const;

function flagValue(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === name) {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
      return value;
    }
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return undefined;
}

function positiveInteger(name: string, raw: string, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be an integer from 1 to ${max}, got "${raw}"`);
  }
  return value;
}

/** Reads the load bench's options; `quick` comes from the runner. */
export function loadOptions(args: readonly string[], quick: boolean, env: NodeJS.ProcessEnv = process.env): LoadOptions {
  const durationRaw = flagValue(args, '--duration');
  const concurrencyRaw = flagValue(args, '--concurrency');
  const soakRaw = flagValue(args, '--soak');
  const soakSeconds = soakRaw === undefined ? null : positiveInteger('--soak', soakRaw, 3600);
  const concurrency = concurrencyRaw === undefined
    ? (soakSeconds !== null ? [LOAD_DEFAULTS.soakConcurrency] : quick ? LOAD_DEFAULTS.quickConcurrency : LOAD_DEFAULTS.concurrency)
    : concurrencyRaw.split(',').map((part) => positiveInteger('--concurrency', part.trim(), 1024));
  if (soakSeconds !== null && concurrency.length !== 1) throw new Error(`--soak runs one concurrency, got --concurrency ${concurrencyRaw}`);
  const durationSeconds = durationRaw === undefined
    ? (quick ? LOAD_DEFAULTS.quickDurationSeconds : LOAD_DEFAULTS.durationSeconds)
    : positiveInteger('--duration', durationRaw, 3600);
  const mix = flagValue(args, '--mix') ?? 'mixed';
  if (!(LOAD_MIXES as readonly string[]).includes(mix)) throw new Error(`--mix must be one of ${LOAD_MIXES.join(', ')}, got "${mix}"`);
  const url = env.IDV_BENCH_URL;
  const key = env.IDV_BENCH_KEY;
  if ((url === undefined || url === '') !== (key === undefined || key === '')) {
    throw new Error('IDV_BENCH_URL and IDV_BENCH_KEY (a secret key of that front door) must be given together');
  }
  if (url !== undefined && url !== '' && !/^https?:\/\/[^/]+\/?$/.test(url)) {
    throw new Error(`IDV_BENCH_URL must be a base URL such as http://10.0.0.11:8080, got "${url}"`);
  }
  return Object.freeze({
    quick,
    durationSeconds,
    concurrency: Object.freeze([...concurrency]),
    soakSeconds,
    mix: mix as LoadMix,
    target: url ? { url: url.replace(/\/$/, ''), key: key! } : null,
  });
}
