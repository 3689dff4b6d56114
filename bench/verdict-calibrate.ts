/**
 * Calibrates the key-field checks' thresholds (decisions.md, "Verdict") on the forgery bench's
 * tuning family and writes them into pipeline/verdict/calibration.ts:
 *
 *   npx tsc -p tsconfig.json; node dist/bench/verdict-calibrate.js [size] [--dry-run]
 *   node dist/bench/verdict-calibrate.js --from bench/results/forgery-documents-latest.json [--dry-run]
 *
 *   size genuine + size altered tuning specimens (bench/forgery/sets.ts; default 500)
 *     ─► Verify over gRPC ─► each key-field check's margin ─► thresholds.ts ─► calibration.ts
 *
 * With --from, the margins come from a forgery bench run's per-document records (its tuning set),
 * so that one run of `npm run bench -- forgery` serves both. Only the tuning designs are used: the
 * validation ones and the real documents stay for `npm run bench -- forgery` to validate on. Nothing is written with --dry-run (the thresholds are
 * printed), when the answers carry no margins (the verdict's checks not in place), or when the file
 * does not exist.
 */
import * as grpc from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { loadPipelineConfig } from '../pipeline/config.js';
import { pipelineProto } from '../pipeline/proto.js';
import { startPipelineServer } from '../pipeline/server.js';
import { CALIBRATION_FILE, calibrationBlock, rewriteCalibration } from './forgery/calibration-file.js';
import { keyFieldMargins, marginOf } from './forgery/checks.js';
import type { ForgeryRecord } from './forgery/record.js';
import { FORGERY_SEED, FORGERY_SIZE } from './forgery/sets.js';
import { collectFamily } from './forgery/synthetic.js';
import { chooseThresholds } from './forgery/thresholds.js';

function sizeArgument(raw: string | undefined): number {
  if (raw === undefined) return FORGERY_SIZE.full;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 100_000) throw new Error(`size must be an integer between 1 and 100000, got ${JSON.stringify(raw)}`);
  return size;
}

/** The tuning family's records of a forgery bench run (`forgery-documents-latest.json`), and how many of each kind. */
function recordsFrom(file: string): { records: ForgeryRecord[]; genuine: number; altered: number } {
  const all = JSON.parse(readFileSync(file, 'utf8')) as ForgeryRecord[];
  if (!Array.isArray(all)) throw new Error(`${file} is not a forgery bench's per-document records (an array)`);
  const records = all.filter((r) => r.set === 'tuning');
  if (records.length === 0) throw new Error(`${file} holds no document of the tuning set: run the bench with the tuning family`);
  return { records, genuine: records.filter((r) => r.kind === null).length, altered: records.filter((r) => r.kind !== null).length };
}

async function collectTuning(size: number): Promise<ForgeryRecord[]> {
  const config = loadPipelineConfig(['--host', '127.0.0.1', '--port', '0'], process.env);
  const running = await startPipelineServer(config);
  const client = new (pipelineProto().idv.pipeline.v1.Pipeline)(running.address, grpc.credentials.createInsecure());
  try {
    return await collectFamily(client, 'tuning', size, false, config.threads);
  } finally {
    client.close();
    await running.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const fromAt = args.indexOf('--from');
  const from = fromAt < 0 ? undefined : args[fromAt + 1];
  if (fromAt >= 0 && (from === undefined || from.startsWith('-'))) throw new Error('--from needs the path of a forgery bench run\'s forgery-documents-latest.json');
  const positional = args.filter((arg, i) => !arg.startsWith('-') && i !== fromAt + 1);
  let records: ForgeryRecord[];
  let counts: { genuine: number; altered: number };
  if (from !== undefined) {
    const read = recordsFrom(from);
    records = read.records;
    counts = read;
    console.log(`${from}: ${counts.genuine} genuine and ${counts.altered} altered tuning documents`);
  } else {
    const size = sizeArgument(positional[0]);
    records = await collectTuning(size);
    counts = { genuine: size, altered: size };
  }
  const genuine = records.filter((r) => r.kind === null && r.answer.status !== undefined).map((r) => keyFieldMargins(r.answer).map((m) => m.margin));
  const altered = records.flatMap((r) => {
    const margin = r.alteration === undefined ? undefined : marginOf(r.answer, r.alteration.field);
    return margin === undefined ? [] : [margin];
  });
  if (genuine.every((margins) => margins.length === 0) && altered.length === 0) {
    throw new Error('no answer carries a key-field margin (documentVerificationResult.checks[].margin): the verdict\'s field checks are not in place; nothing written');
  }
  const thresholds = chooseThresholds({ genuine, altered });
  const { rates } = thresholds;
  console.log(`failAt ${thresholds.failAt} nats, passAt ${thresholds.passAt} nats`);
  console.log(`genuine documents ${rates.genuineDocuments}: margin ≥ failAt ${(100 * rates.genuineFailed).toFixed(2)} %, undetermined ${(100 * rates.genuineUndetermined).toFixed(2)} %`);
  console.log(`altered fields ${rates.alteredFields}: ≥ failAt ${(100 * rates.alteredFailed).toFixed(2)} %, ≤ passAt ${(100 * rates.alteredPassed).toFixed(2)} %`);
  const block = calibrationBlock(thresholds, { seed: FORGERY_SEED, ...counts });
  if (dryRun) console.log(`--dry-run: ${CALIBRATION_FILE} left as it is; it would get:\n${block}`);
  else console.log(rewriteCalibration(block) ? `wrote ${CALIBRATION_FILE}` : `${CALIBRATION_FILE} does not exist: nothing written (the verdict that reads it creates it)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
