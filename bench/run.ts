/**
 * The bench runner: `npm run bench [-- <suite>] [--quick]`.
 *   stages    (default) per-stage latency and throughput of the real pipeline over gRPC
 *   accuracy  the specimen corpus through the real pipeline, scored per reader (docs/bench.md)
 *   faces     face-embedding candidates, calibration and anti-spoofing on the shared photos
 *   load      the real service as processes under rising HTTP concurrency, or a soak (bench/load/)
 *   real-docs the real specimen documents of ../shared/data/real-docs, front key fields and MRZ
 *   mrz-robustness  those documents' MRZ pages turned, EXIF-oriented, scaled, on a table, tilted, dimmed: MRZ read right
 *   capture   capture feedback on the labelled capture set: each reason's hit and false rates, cost
 *   forgery   subtly altered fronts (and real documents) against their genuine barcode or MRZ: caught, false refusals
 * Results go to IDV_BENCH_OUT (default bench/results/) as JSON beside the printed table, and each
 * suite's headline figures to docs/figures.md (bench/figures/), replacing its rows of the same run.
 * IDV_BENCH_QUICK=1 or --quick runs a small sample (CI).
 */
import { benchAccuracy } from './accuracy/run.js';
import { benchCapture } from './capture-feedback.bench.js';
import { benchDataProtection } from './data-protection.bench.js';
import { benchFaces } from './faces.bench.js';
import { machineNow, runContext } from './figures/context.js';
import type { SuiteFigures } from './figures/row.js';
import { SUITE_FIGURES } from './figures/suites.js';
import { writeFigures } from './figures/write.js';
import { benchForgery } from './forgery/run.js';
import { benchLoad } from './load/run.js';
import { LOAD_VALUE_FLAGS } from './load/options.js';
import { benchPipeline } from './pipeline.bench.js';
import { benchMrzRobustness } from './mrz-robustness.js';
import { benchRealDocs } from './real-docs.js';
import { saveResult } from './report.js';

const SUITES = Object.freeze({
  stages: benchPipeline,
  accuracy: benchAccuracy,
  faces: benchFaces,
  load: benchLoad,
  'real-docs': benchRealDocs,
  'mrz-robustness': benchMrzRobustness,
  capture: benchCapture,
  'data-protection': benchDataProtection,
  forgery: benchForgery,
} satisfies Record<string, (options: { quick: boolean; args: readonly string[] }) => Promise<object>>);

type Suites = typeof SUITES;
type SuiteName = keyof Suites;

/** Every suite's figures read the result that suite returns. */
const FIGURES: { [K in SuiteName]: (result: Awaited<ReturnType<Suites[K]>>) => SuiteFigures } = SUITE_FIGURES;

/** Options that take a value: the value is not a suite name. */
const VALUE_FLAGS: readonly string[] = LOAD_VALUE_FLAGS;

const USAGE = `usage: npm run bench [-- <suite>] [--quick]
suites: ${Object.keys(SUITES).join(', ')}
load options: [--duration S] [--concurrency 1,2,4] [--mix mixed|licence] [--soak S]
environment: IDV_BENCH_OUT (results folder), IDV_BENCH_FIGURES (the figures file: default docs/figures.md,\n  figures.md in IDV_BENCH_OUT when that is set), IDV_BENCH_QUICK=1, IDV_PIPELINE_THREADS,\n  IDV_BENCH_ACCURACY_SIZE (accuracy corpus size), IDV_BENCH_ACCURACY_SEED (its seed),\n  IDV_BENCH_ACCURACY_DESIGNS (its front designs: all (default: tuning and validation), classic, tuning, validation, test, or names),\n  IDV_BENCH_ACCURACY_TEST_SIZE (the test family's own corpus; default 100, 10 with --quick, 0 for none),\n  IDV_BENCH_FACE_SEED (the faces suite's corpus seed; default 1, the calibrations' own),\n  IDV_BENCH_FORGERY_SIZE (forgery: genuine and altered documents per design family; default 500, 12 with --quick),\n  IDV_BENCH_URL + IDV_BENCH_KEY (load: a running front door)`;

/** A suite's results are kept per variant (meta.variant) so that runs are compared like with like. */
function resultName(suite: string, result: object): string {
  const variant = (result as { meta?: { variant?: unknown } }).meta?.variant;
  return typeof variant === 'string' ? `${suite}-${variant}` : suite;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const quick = args.includes('--quick') || process.env.IDV_BENCH_QUICK === '1';
  const names = args.filter((arg, i) => !arg.startsWith('-') && !VALUE_FLAGS.includes(args[i - 1] ?? ''));
  const unknown = names.filter((name) => !(name in SUITES));
  if (unknown.length > 0) {
    console.error(`unknown bench suite: ${unknown.join(', ')}\n${USAGE}`);
    process.exit(2);
  }
  const options = args.filter((arg) => !names.includes(arg));
  for (const name of (names.length > 0 ? names : ['stages']) as SuiteName[]) {
    const machine = machineNow();
    const result = await SUITES[name]({ quick, args });
    console.log(`\nwrote ${saveResult(resultName(name, result), result)}`);
    const figures = (FIGURES[name] as (result: object) => SuiteFigures)(result);
    console.log(`wrote ${name}'s figures to ${writeFigures(name, figures, runContext(name, options, machine), Object.keys(SUITES))}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
