/** A second recogniser thread: its batches are independent, where onnxruntime's threads split too-small convolutions. */
import { Worker } from 'node:worker_threads';
import type { FloatOutput } from '../backends/onnx.js';
import { workerSettings } from '../worker-settings.js';
import type { RecogniserChoice } from './sessions.js';

export interface HelperBatch {
  input: Float32Array;
  dims: readonly number[];
}

export interface HelperRequest {
  id: number;
  options: RecogniserChoice;
  batches: HelperBatch[];
}

export type HelperReply = { id: number; outputs: FloatOutput[] } | { id: number; error: string };

interface Helper {
  worker: Worker;
  pending: Map<number, { resolve: (outputs: FloatOutput[]) => void; reject: (error: Error) => void }>;
  next: number;
}

let helper: Helper | undefined;

function startHelper(): Helper {
  const worker = new Worker(new URL('./recognizer-thread.js', import.meta.url), { workerData: { settings: workerSettings() } });
  const started: Helper = { worker, pending: new Map(), next: 0 };
  const fail = (error: Error): void => {
    if (helper === started) helper = undefined;
    for (const { reject } of started.pending.values()) reject(error);
    started.pending.clear();
  };
  worker.on('message', (reply: HelperReply) => {
    const waiting = started.pending.get(reply.id);
    started.pending.delete(reply.id);
    if (started.pending.size === 0) worker.unref();
    if ('error' in reply) waiting?.reject(new Error(reply.error));
    else waiting?.resolve(reply.outputs);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`recogniser helper exited (${code})`)));
  // After the listeners, which would hold it again: idle, the helper holds nothing alive.
  worker.unref();
  return started;
}

/** Runs `batches` on the helper thread (a copy of their inputs); rejects when it fails. */
export function runOnHelper(batches: HelperBatch[], options: RecogniserChoice): Promise<FloatOutput[]> {
  helper ??= startHelper();
  const { worker, pending } = helper;
  const id = helper.next++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref();
    const request: HelperRequest = { id, options, batches };
    try {
      worker.postMessage(request);
    } catch (error) {
      pending.delete(id);
      if (pending.size === 0) worker.unref();
      reject(error as Error);
    }
  });
}

/** Ends the helper thread, if one runs (tests; a worker's helper otherwise ends with it). */
export async function stopHelper(): Promise<void> {
  const running = helper;
  helper = undefined;
  if (running) await running.worker.terminate();
}
