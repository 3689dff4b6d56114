/**
 * How many of the pool's workers are running a task, one counter in shared memory: a worker running
 * alone may spend the idle cores on its request (ocr/sessions.ts). Outside a pool it counts as alone.
 */
import { isMainThread, workerData } from 'node:worker_threads';

/** The counter a pool creates and hands to its workers. */
export function newRunningCounter(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

function counter(): Int32Array | undefined {
  const data = isMainThread ? undefined : (workerData as { running?: Int32Array } | undefined);
  return data?.running;
}

/** Runs `body` counted as one of the pool's running tasks. */
export async function countedAsRunning<T>(body: () => Promise<T>): Promise<T> {
  const running = counter();
  if (running !== undefined) Atomics.add(running, 0, 1);
  try {
    return await body();
  } finally {
    if (running !== undefined) Atomics.sub(running, 0, 1);
  }
}

/** Whether this worker's task is the only one the pool is running. */
export function runningAlone(): boolean {
  const running = counter();
  return running === undefined || Atomics.load(running, 0) <= 1;
}
