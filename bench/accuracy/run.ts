/**
 * The accuracy bench (`npm run bench -- accuracy [--quick]`): the seeded specimen corpus through
 * the real service (front door → gRPC → worker pool), scored per reader against the ground truth
 * (docs/bench.md).
 *
 *   generateCorpus(seed) ─► collectSpecimen: POST /api/Verify (+ gRPC probes) ─► records ─► assembleReport
 *   (rendered 50 at a time, then sent one lane per pool thread, so rendering is never timed)  │
 *                       printed tables, headline diff, accuracy-specimens-latest.json ◄──┘
 *
 * Size: 200 specimens, 25 scans and photos with --quick / IDV_BENCH_QUICK=1; IDV_BENCH_ACCURACY_SIZE
 * overrides either; IDV_BENCH_ACCURACY_SEED draws another corpus. Fronts are drawn from every
 * tuning and validation design (IDV_BENCH_ACCURACY_DESIGNS chooses others); then the test family's
 * own corpus of the same seed (100 specimens, 10 with --quick; IDV_BENCH_ACCURACY_TEST_SIZE, 0 for
 * none), and every measure is reported per design family: tuning, validation, test. The pipeline
 * runs with its default thread budget (IDV_PIPELINE_THREADS).
 */
import * as grpc from '@grpc/grpc-js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadPipelineConfig } from '../../pipeline/config.js';
import { pipelineProto } from '../../pipeline/proto.js';
import { startPipelineServer } from '../../pipeline/server.js';
import { generateCorpus, type Specimen } from '../../test/fixtures/specimens/corpus.js';
import { DESIGN_CHOICES, choosesTest, designByName, type DesignChoice } from '../../test/fixtures/specimens/designs/index.js';
import { resultsDir, round } from '../report.js';
import { assembleFamilies, assembleReport } from './assemble.js';
import { collectSpecimen, type BenchService } from './collect.js';
import { startBenchFrontDoor } from './front-door.js';
import { printAccuracy, printHeadlineDiff, type AccuracyMeta } from './print.js';
import type { SpecimenRecord } from './record.js';
import { envSize } from './env-size.js';
import { generateTamperSet, tamperSetSize } from './tamper-set.js';

/** The corpus seed: fixed, so that runs compare. */
export const ACCURACY_SEED = 4242;

/**
 * The seed: IDV_BENCH_ACCURACY_SEED, else ACCURACY_SEED. Another seed is a corpus nobody tuned the
 * readers on (the default one is where their failures were studied).
 */
export function corpusSeed(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.IDV_BENCH_ACCURACY_SEED;
  if (raw === undefined || raw === '') return ACCURACY_SEED;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new Error(`IDV_BENCH_ACCURACY_SEED must be a non-negative integer, got ${JSON.stringify(raw)}`);
  }
  return seed;
}
export const ACCURACY_SIZE = Object.freeze({ full: 200, quick: 25 });

/** The corpus size: IDV_BENCH_ACCURACY_SIZE, else the quick or full default. */
export function corpusSize(quick: boolean, env: NodeJS.ProcessEnv = process.env): number {
  return envSize(env, 'IDV_BENCH_ACCURACY_SIZE', quick ? ACCURACY_SIZE.quick : ACCURACY_SIZE.full, 1);
}

/** The test family's corpus size: 100, 10 with --quick; IDV_BENCH_ACCURACY_TEST_SIZE overrides either (0: none). */
export const ACCURACY_TEST_SIZE = Object.freeze({ full: 100, quick: 10 });

export function testCorpusSize(quick: boolean, env: NodeJS.ProcessEnv = process.env): number {
  return envSize(env, 'IDV_BENCH_ACCURACY_TEST_SIZE', quick ? ACCURACY_TEST_SIZE.quick : ACCURACY_TEST_SIZE.full, 0);
}

/**
 * The validation family's name before it had one of its own (`held-out`), still taken in
 * IDV_BENCH_ACCURACY_DESIGNS so that scripts that set it keep working.
 */
const FAMILY_ALIASES: Readonly<Record<string, DesignChoice>> = Object.freeze({ 'held-out': 'validation' });

/**
 * The designs the corpus draws fronts from: IDV_BENCH_ACCURACY_DESIGNS (`classic`, `all`, `tuning`,
 * `validation`, `test`, or design names separated by commas), else `all`.
 */
export function corpusDesigns(env: NodeJS.ProcessEnv = process.env): DesignChoice {
  const raw = env.IDV_BENCH_ACCURACY_DESIGNS?.trim();
  if (raw === undefined || raw === '') return 'all';
  const alias = FAMILY_ALIASES[raw];
  if (alias !== undefined) return alias;
  if (DESIGN_CHOICES.includes(raw)) return raw as DesignChoice;
  const names = raw.split(',').map((name) => name.trim()).filter((name) => name !== '');
  try {
    for (const name of names) designByName(name);
  } catch (error) {
    throw new Error(`IDV_BENCH_ACCURACY_DESIGNS must be one of ${DESIGN_CHOICES.join(', ')} or design names: ${(error as Error).message}`);
  }
  if (names.length === 0) throw new Error('IDV_BENCH_ACCURACY_DESIGNS names no design');
  try {
    choosesTest(names);
  } catch (error) {
    throw new Error(`IDV_BENCH_ACCURACY_DESIGNS: ${(error as Error).message}`);
  }
  return names;
}

/**
 * Specimens rendered ahead of each timed stretch. Rendering a specimen costs about as much CPU
 * as verifying it; done beside the pool, on a 2-core machine, it would be timed as part of every
 * stage. A chunk bounds what is held in memory (a specimen's images are a few hundred KB).
 */
export const RENDER_CHUNK = 50;

interface Rendered {
  specimen: Specimen;
  generateMs: number;
}

/** The next `count` specimens of the corpus, each with how long it took to render. */
async function renderChunk(corpus: AsyncIterator<Specimen>, count: number): Promise<Rendered[]> {
  const chunk: Rendered[] = [];
  while (chunk.length < count) {
    const started = performance.now();
    const next = await corpus.next();
    if (next.done === true) break;
    chunk.push({ specimen: next.value, generateMs: performance.now() - started });
  }
  return chunk;
}

/**
 * Runs the corpus through the service: each chunk is rendered first, then sent with `lanes`
 * specimens in flight and nothing else running; records in corpus order.
 */
export async function collectCorpus(service: BenchService, corpus: AsyncIterator<Specimen>, lanes: number, size: number): Promise<SpecimenRecord[]> {
  const records: SpecimenRecord[] = [];
  let done = 0;
  for (;;) {
    const first = records.length;
    const chunk = await renderChunk(corpus, RENDER_CHUNK);
    if (chunk.length === 0) break;
    records.length = first + chunk.length;
    let taken = 0;
    const lane = async (): Promise<void> => {
      while (taken < chunk.length) {
        const position = taken++;
        const { specimen, generateMs } = chunk[position]!;
        records[first + position] = await collectSpecimen(service, specimen, generateMs);
        done += 1;
        if (done % 10 === 0 || done === size) process.stderr.write(`accuracy: ${done}/${size} specimens\n`);
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
  }
  return records;
}

/** Writes every specimen's record (truth and answers, no images) beside the suite's result. */
function saveRecords(records: readonly SpecimenRecord[]): string {
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'accuracy-specimens-latest.json');
  writeFileSync(file, `${JSON.stringify(records, null, 1)}\n`);
  return file;
}

/** The suite: corpus through the pipeline, printed tables and headline diff; returns the JSON result. */
export async function benchAccuracy(options: { quick: boolean }) {
  const designs = corpusDesigns();
  const meta: AccuracyMeta = {
    seed: corpusSeed(), size: corpusSize(options.quick), testSize: choosesTest(designs) ? 0 : testCorpusSize(options.quick), tamperSet: tamperSetSize(options.quick), quick: options.quick,
    designs: typeof designs === 'string' ? designs : designs.join(','),
  };
  const config = loadPipelineConfig(['--host', '127.0.0.1', '--port', '0'], process.env);
  const running = await startPipelineServer(config);
  const Pipeline = pipelineProto().idv.pipeline.v1.Pipeline;
  const client = new Pipeline(running.address, grpc.credentials.createInsecure());
  const started = performance.now();
  let records: SpecimenRecord[];
  let testRecords: SpecimenRecord[];
  let tamperSet: SpecimenRecord[];
  try {
    const frontDoor = await startBenchFrontDoor(running.address);
    try {
      records = await collectCorpus({ frontDoor, client }, generateCorpus({ ...meta, designs }), config.threads, meta.size);
      // The test family's own corpus (its people and captures are not the others'): reported, never tuned on.
      testRecords = await collectCorpus({ frontDoor, client }, generateCorpus({ seed: meta.seed, size: meta.testSize, quick: meta.quick, designs: 'test' }), config.threads, meta.testSize);
      tamperSet = await collectCorpus({ frontDoor, client }, generateTamperSet(meta.seed, meta.tamperSet), config.threads, meta.tamperSet);
    } finally {
      await frontDoor.close();
    }
  } finally {
    client.close();
    await running.close();
  }
  // `all` is the corpus of the tuning and validation families, as it was before the test family: its headline compares across runs.
  const report = assembleReport(records, tamperSet);
  const families = assembleFamilies([...records, ...testRecords], tamperSet);
  printAccuracy({ ...families, all: report });
  printHeadlineDiff('accuracy', meta, { ...families, all: report });
  console.log(`\nper-specimen records: ${saveRecords([...records, ...testRecords, ...tamperSet])}`);
  return {
    meta: { ...meta, date: new Date().toISOString(), threads: config.threads, onnxThreads: config.workerSettings.onnxThreads, ocrRecogniser: config.workerSettings.ocrRecogniser, wallSeconds: round((performance.now() - started) / 1000, 1) },
    ...report,
    families,
  };
}

/** What one accuracy run returns and saves (accuracy-latest.json). */
export type AccuracyResult = Awaited<ReturnType<typeof benchAccuracy>>;
