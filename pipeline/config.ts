/**
 * The pipeline's configuration: the one reader of its environment and command line.
 * One thread budget decides the pool's width, sharp's threads and onnxruntime's intra-op threads,
 * so a 2-core machine is not oversubscribed (STYLE.md, "Set the thread budget in one place").
 *
 * The default pool is as wide as the machine, each worker's models on one thread: the most
 * answers a second. The one excess is deliberate: each worker's recogniser has a helper thread
 * (IDV_OCR_HELPER), so that a front read alone is read on two cores (docs/pipeline.md). A
 * narrower pool hands the cores it leaves to each worker's onnxruntime, so that one request at a
 * time is read on all of them (`IDV_PIPELINE_THREADS=1` on 2 cores: the recogniser reads a front
 * in 173 instead of 224 ms; docs/pipeline.md).
 */
import { parseArgs } from 'node:util';
import { availableCores } from './cpu-quota.js';
import type { RecogniserModel } from './ocr/model-files.js';
import type { WorkerSettings } from './worker-settings.js';

export interface PipelineConfig {
  host: string;
  port: number;
  /** The thread budget: pool threads; each worker's onnxruntime gets the cores over this width. */
  threads: number;
  /** Tasks waiting beyond the running ones; more is answered RESOURCE_EXHAUSTED. */
  maxQueue: number;
  /** How long shutdown waits for in-flight work. */
  shutdownGraceMs: number;
  workerSettings: WorkerSettings;
}

export const PIPELINE_DEFAULTS = Object.freeze({
  host: '127.0.0.1',
  port: 50051,
  queuePerThread: 16,
  shutdownGraceMs: 30_000,
});

function integer(name: string, raw: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** Reads argv (`--host`, `--port`, `--threads`, `--max-queue`) over the environment. */
export function loadPipelineConfig(argv: string[], env: NodeJS.ProcessEnv): Readonly<PipelineConfig> {
  const { values } = parseArgs({
    args: argv,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      threads: { type: 'string' },
      'max-queue': { type: 'string' },
    },
    strict: true,
  });
  // The machine's cores, or the container's CPU quota where that is less (cpu-quota.ts).
  const cores = availableCores();
  const threads = integer('--threads / IDV_PIPELINE_THREADS', values.threads ?? env.IDV_PIPELINE_THREADS, cores, 1, 256);
  const onnxThreads = onnxThreadsPerWorker(threads, cores);
  return Object.freeze({
    host: values.host ?? env.IDV_PIPELINE_HOST ?? PIPELINE_DEFAULTS.host,
    port: integer('--port / IDV_PIPELINE_PORT', values.port ?? env.IDV_PIPELINE_PORT, PIPELINE_DEFAULTS.port, 0, 65535),
    threads,
    maxQueue: integer('--max-queue / IDV_PIPELINE_MAX_QUEUE', values['max-queue'] ?? env.IDV_PIPELINE_MAX_QUEUE,
      threads * PIPELINE_DEFAULTS.queuePerThread, 0),
    shutdownGraceMs: integer('IDV_PIPELINE_SHUTDOWN_GRACE_MS', env.IDV_PIPELINE_SHUTDOWN_GRACE_MS,
      PIPELINE_DEFAULTS.shutdownGraceMs, 0),
    workerSettings: Object.freeze({
      onnxThreads,
      sharpConcurrency: 1,
      ocrInt8: integer('IDV_OCR_INT8', env.IDV_OCR_INT8, 1, 0, 1) === 1,
      ocrHelper: integer('IDV_OCR_HELPER', env.IDV_OCR_HELPER, ocrHelperDefault(onnxThreads, cores), 0, 1) === 1,
      ocrRecogniser: recogniserModel(env.IDV_OCR_RECOGNISER),
    }),
  });
}

/**
 * IDV_OCR_RECOGNISER: the model that reads fronts, `v6-tiny` (default: PP-OCRv6 tiny, with small reading
 * again the lines it may have read wrong), `v6` (small alone) or `v4` (docs/front-ocr.md).
 */
export function recogniserModel(raw: string | undefined): RecogniserModel {
  if (raw === undefined || raw === '') return 'v6-tiny';
  if (raw === 'v4' || raw === 'v6' || raw === 'v6-tiny') return raw;
  throw new Error(`IDV_OCR_RECOGNISER must be v6-tiny, v6 or v4, got ${JSON.stringify(raw)}`);
}

/**
 * onnxruntime's intra-op threads in each of `threads` workers on `cores` cores: the cores shared
 * out, never fewer than one. Only onnxruntime gets more: the models are most of a request's time
 * and split their convolutions across threads well, while sharp's steps are short.
 */
export function onnxThreadsPerWorker(threads: number, cores: number): number {
  return Math.max(1, Math.floor(cores / threads));
}

/**
 * Whether each worker reads a page's lines on a helper thread as well (pipeline/ocr/recognizer-helper.ts):
 * by default where a worker's models run on one thread on a machine of several cores, so that
 * one front at a time is read on two.
 */
export function ocrHelperDefault(onnxThreads: number, cores: number): 0 | 1 {
  return onnxThreads === 1 && cores >= 2 ? 1 : 0;
}
