/** Per-worker settings handed through `workerData` from the one thread budget (config.ts); defaults outside a pool. */
import { isMainThread, workerData } from 'node:worker_threads';
import type { RecogniserModel } from './ocr/model-files.js';

export interface WorkerSettings {
  onnxThreads: number;
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
