/**
 * Per-worker settings that the pool hands every worker through `workerData`, so that the one
 * thread budget (pipeline/config.ts) decides sharp's and onnxruntime's threads inside workers.
 * Outside a pool worker (tests of a single backend) the defaults apply.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import type { RecogniserModel } from './ocr/model-files.js';

export interface WorkerSettings {
  /** onnxruntime intra-op threads per session. */
  onnxThreads: number;
  /** sharp/libvips threads per image operation. */
  sharpConcurrency: number;
  /** Half of a page's recogniser batches on a helper thread (pipeline/ocr/recognizer-helper.ts). */
  ocrHelper: boolean;
  /** The model that reads a page's lines first (IDV_OCR_RECOGNISER; pipeline/ocr/second-reading.ts). */
  ocrRecogniser: RecogniserModel;
}

const DEFAULTS: WorkerSettings = Object.freeze({ onnxThreads: 1, sharpConcurrency: 1, ocrHelper: false, ocrRecogniser: 'v6-tiny' });

export function workerSettings(): WorkerSettings {
  const data = isMainThread ? undefined : (workerData as { settings?: Partial<WorkerSettings> } | undefined);
  return { ...DEFAULTS, ...(data?.settings ?? {}) };
}
