/** The pipeline's configuration, the one reader of its environment and argv; one thread budget for all (docs/pipeline.md). */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkPipelineToken } from '../common/pipeline-token.js';
import { availableCores } from './cpu-quota.js';
import type { RecogniserModel } from './ocr/model-files.js';
import type { WorkerSettings } from './worker-settings.js';

export interface PipelineConfig {
  host: string;
  port: number;
  /** The thread budget: pool threads; each worker's onnxruntime gets the cores over this width. */
  threads: number;
  /** Tasks waiting beyond the running ones; more is RESOURCE_EXHAUSTED. */
  maxQueue: number;
  shutdownGraceMs: number;
  workerSettings: WorkerSettings;
  /** TLS of the gRPC port; null: plain text. */
  tls: PipelineTlsFiles | null;
  /** The bearer token every call must carry; null: none asked. */
  token: string | null;
  /** A plain-text grpc.health.v1-only port, for probes that cannot speak TLS. */
  healthPort: number | null;
}

export interface PipelineTlsFiles {
  certFile: string;
  keyFile: string;
  /** Mutual TLS when set. */
  clientCaFile: string | null;
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

/** Hosts that only this machine reaches: the one place a pipeline may speak plain text by default. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function tlsFiles(cert: string | undefined, key: string | undefined, clientCa: string | undefined): PipelineTlsFiles | null {
  if ((cert === undefined) !== (key === undefined)) throw new Error('--tls-cert and --tls-key must be given together');
  if (cert === undefined || key === undefined) {
    if (clientCa !== undefined) throw new Error('--tls-client-ca needs --tls-cert and --tls-key');
    return null;
  }
  return { certFile: path.resolve(cert), keyFile: path.resolve(key), clientCaFile: clientCa === undefined ? null : path.resolve(clientCa) };
}

/** IDV_PIPELINE_TOKEN, checked as the front door checks it (common/pipeline-token.ts). */
function pipelineToken(raw: string | undefined): string | null {
  const checked = checkPipelineToken(raw);
  if ('error' in checked) throw new Error(checked.error);
  return checked.token;
}

export function loadPipelineConfig(argv: string[], env: NodeJS.ProcessEnv): Readonly<PipelineConfig> {
  const { values } = parseArgs({
    args: argv,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      threads: { type: 'string' },
      'max-queue': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'tls-client-ca': { type: 'string' },
      'health-port': { type: 'string' },
    },
    strict: true,
  });
  const cores = availableCores();
  const threads = integer('--threads / IDV_PIPELINE_THREADS', values.threads ?? env.IDV_PIPELINE_THREADS, cores, 1, 256);
  const onnxThreads = onnxThreadsPerWorker(threads, cores);
  const host = values.host ?? env.IDV_PIPELINE_HOST ?? PIPELINE_DEFAULTS.host;
  const tls = tlsFiles(values['tls-cert'], values['tls-key'], values['tls-client-ca']);
  // A plain-text port exposes images: off loopback it takes TLS or an operator saying a mesh protects it.
  if (tls === null && !isLoopbackHost(host) && env.IDV_PIPELINE_ALLOW_PLAINTEXT !== '1') {
    throw new Error(`--host ${host} is reachable from other machines: give --tls-cert and --tls-key `
      + '(and --tls-client-ca for mutual TLS), or set IDV_PIPELINE_ALLOW_PLAINTEXT=1 where a service mesh encrypts the traffic');
  }
  const healthPort = values['health-port'] ?? env.IDV_PIPELINE_HEALTH_PORT;
  return Object.freeze({
    host,
    port: integer('--port / IDV_PIPELINE_PORT', values.port ?? env.IDV_PIPELINE_PORT, PIPELINE_DEFAULTS.port, 0, 65535),
    threads,
    maxQueue: integer('--max-queue / IDV_PIPELINE_MAX_QUEUE', values['max-queue'] ?? env.IDV_PIPELINE_MAX_QUEUE,
      threads * PIPELINE_DEFAULTS.queuePerThread, 0),
    shutdownGraceMs: integer('IDV_PIPELINE_SHUTDOWN_GRACE_MS', env.IDV_PIPELINE_SHUTDOWN_GRACE_MS,
      PIPELINE_DEFAULTS.shutdownGraceMs, 0),
    workerSettings: Object.freeze({
      onnxThreads,
      sharpConcurrency: 1,
      ocrHelper: integer('IDV_OCR_HELPER', env.IDV_OCR_HELPER, ocrHelperDefault(onnxThreads, cores), 0, 1) === 1,
      ocrRecogniser: recogniserModel(env.IDV_OCR_RECOGNISER),
    }),
    tls,
    token: pipelineToken(env.IDV_PIPELINE_TOKEN),
    healthPort: healthPort === undefined || healthPort === '' ? null : integer('--health-port / IDV_PIPELINE_HEALTH_PORT', healthPort, 0, 0, 65535),
  });
}

/** IDV_OCR_RECOGNISER: the first reader of a page's lines, `v6-tiny` (default, small re-reading) or `v6`. */
export function recogniserModel(raw: string | undefined): RecogniserModel {
  if (raw === undefined || raw === '') return 'v6-tiny';
  if (raw === 'v6' || raw === 'v6-tiny') return raw;
  throw new Error(`IDV_OCR_RECOGNISER must be v6-tiny or v6, got ${JSON.stringify(raw)}`);
}

/** onnxruntime's intra-op threads per worker: the cores shared out, at least one (the models are most of a request). */
export function onnxThreadsPerWorker(threads: number, cores: number): number {
  return Math.max(1, Math.floor(cores / threads));
}

/** Whether a worker's recogniser has a helper thread: by default where its models run on one thread of several cores. */
export function ocrHelperDefault(onnxThreads: number, cores: number): 0 | 1 {
  return onnxThreads === 1 && cores >= 2 ? 1 : 0;
}
