/**
 * Per-worker settings that the pool hands every worker through `workerData`, so that the one
 * thread budget (pipeline/config.ts) decides sharp's and onnxruntime's threads inside workers.
 * Outside a pool worker (tests of a single backend) the defaults apply.
 */
import { isMainThread, workerData } from 'node:worker_threads';

export interface WorkerSettings {
  /** onnxruntime intra-op threads per session. */
  onnxThreads: number;
  /** sharp/libvips threads per image operation. */
  sharpConcurrency: number;
  /** The recogniser's wide convolutions in int8 (pipeline/ocr/model-files.ts); false: all float. */
  ocrInt8: boolean;
  /** Half of a page's recogniser batches on a helper thread (pipeline/ocr/recognizer-helper.ts). */
  ocrHelper: boolean;
}

const DEFAULTS: WorkerSettings = Object.freeze({ onnxThreads: 1, sharpConcurrency: 1, ocrInt8: true, ocrHelper: false });

export function workerSettings(): WorkerSettings {
  const data = isMainThread ? undefined : (workerData as { settings?: Partial<WorkerSettings> } | undefined);
  return { ...DEFAULTS, ...(data?.settings ?? {}) };
}
