/**
 * The forgery bench (`npm run bench -- forgery [--quick]`): how often a subtly altered document is
 * caught, and how often a genuine one is wrongly refused (docs/bench.md, "The forgery suite").
 *
 *   sets.ts: per design family N genuine + N altered specimens ─┐
 *   real.ts: real licences (altered payloads), real pages (edited images) ─┤─► Verify over gRPC ─► tally.ts ─► tables, JSON
 *
 * The pipeline runs in this process on loopback with its default thread budget
 * (IDV_PIPELINE_THREADS), called over gRPC so that each key-field check's margin comes back.
 * N: IDV_BENCH_FORGERY_SIZE, else 500 a family (12 with --quick, which also takes only the first
 * REAL_QUICK real documents of each part). IDV_BENCH_FORGERY_SETS limits the run to some parts.
 */
import * as grpc from '@grpc/grpc-js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadPipelineConfig } from '../../pipeline/config.js';
import { pipelineProto } from '../../pipeline/proto.js';
import { startPipelineServer } from '../../pipeline/server.js';
import { ALTERATION_KINDS } from '../../test/fixtures/specimens/alterations.js';
import { resultsDir, round } from '../report.js';
import { printRealGenuine, printSet } from './print.js';
import { collectRealLicences, collectRealPages, realDocsOrReason, type RealPart } from './real.js';
import type { ForgeryRecord } from './record.js';
import { FORGERY_FAMILIES, FORGERY_PARTS, FORGERY_SEED, forgeryParts, forgerySize } from './sets.js';
import { collectFamily } from './synthetic.js';
import { tallySet, type SetTally } from './tally.js';

/** What each set is for: said in the output and the JSON, so that no figure is read as a test on unseen data. */
export const SET_ROLES = Object.freeze({
  tuning: 'calibration family: the key-field thresholds are chosen on it (bench/verdict-calibrate.ts)',
  validation: 'validation family: never calibrated on, but its results were used to decide, so it is not an untouched test set (the accuracy bench reports the test family)',
  'real-licences': 'real documents, development data (seen): the readers and the verdict were looked at on them',
  'real-pages': 'real documents, development data (seen): the readers and the verdict were looked at on them',
});

/** `quick`, the parts of a partial run (`real`, `tuning+validation`), or none for a full run: results of each are kept apart. */
function variantOf(quick: boolean, parts: ReadonlySet<string>): string | undefined {
  const named = [...(quick ? ['quick'] : []), ...(parts.size === FORGERY_PARTS.length ? [] : [[...parts].join('+')])];
  return named.length === 0 ? undefined : named.join('-');
}

function saveDocuments(records: readonly ForgeryRecord[], variant: string | undefined): string {
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `forgery-documents${variant === undefined ? '' : `-${variant}`}-latest.json`);
  writeFileSync(file, `${JSON.stringify(records, null, 1)}\n`);
  return file;
}

const realTally = (part: RealPart) => ({ ...tallySet(part.records, ALTERATION_KINDS), skipped: part.skipped, ...(part.filled === undefined ? {} : { payloadLeftOut: part.filled }) });

export async function benchForgery(options: { quick: boolean }) {
  const size = forgerySize(options.quick);
  const parts = forgeryParts();
  const variant = variantOf(options.quick, parts);
  const config = loadPipelineConfig(['--host', '127.0.0.1', '--port', '0'], process.env);
  const running = await startPipelineServer(config);
  const client = new (pipelineProto().idv.pipeline.v1.Pipeline)(running.address, grpc.credentials.createInsecure());
  const started = performance.now();
  const sets: Record<string, SetTally> = {};
  const all: ForgeryRecord[] = [];
  let real: { skipped: string } | Record<'real-licences' | 'real-pages', ReturnType<typeof realTally>>;
  try {
    for (const family of FORGERY_FAMILIES.filter((f) => parts.has(f))) {
      const records = await collectFamily(client, family, size, options.quick, config.threads);
      all.push(...records);
      sets[family] = tallySet(records, ALTERATION_KINDS);
      printSet(family, SET_ROLES[family], sets[family]);
    }
    const found = parts.has('real') ? realDocsOrReason() : { reason: 'the real documents were left out (IDV_BENCH_FORGERY_SETS)' };
    if ('reason' in found) {
      console.log(`\n${found.reason}`);
      real = { skipped: found.reason };
    } else {
      const licences = await collectRealLicences(client, found.docs, options.quick, config.threads);
      const pages = await collectRealPages(client, found.docs, options.quick, config.threads);
      all.push(...licences.records, ...pages.records);
      for (const [name, part] of [['real-licences', licences], ['real-pages', pages]] as const) {
        printSet(name, SET_ROLES[name], tallySet(part.records, ALTERATION_KINDS));
        printRealGenuine(name, part.records, part.filled);
        if (part.skipped.length > 0) console.log(`${name}: ${part.skipped.length} documents or document/kind pairs left out (real.${name}.skipped in the JSON says why)`);
      }
      real = { 'real-licences': realTally(licences), 'real-pages': realTally(pages) };
    }
  } finally {
    client.close();
    await running.close();
  }
  console.log(`\nper-document records: ${saveDocuments(all, variant)}`);
  return {
    meta: {
      // A quick run is kept and diffed apart from a full one (bench/run.ts, resultName).
      suite: 'forgery', ...(variant === undefined ? {} : { variant }), date: new Date().toISOString(), quick: options.quick, seed: FORGERY_SEED, size, parts: [...parts], kinds: ALTERATION_KINDS,
      roles: SET_ROLES, threads: config.threads, ocrRecogniser: config.workerSettings.ocrRecogniser, wallSeconds: round((performance.now() - started) / 1000, 1),
    },
    sets,
    real,
  };
}

/** What one forgery run returns and saves (forgery-latest.json, or its variant's). */
export type ForgeryResult = Awaited<ReturnType<typeof benchForgery>>;
