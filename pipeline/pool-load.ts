/** How many pool workers run a task, in shared memory: one alone may spend the idle cores (ocr/sessions.ts). */
import { isMainThread, workerData } from 'node:worker_threads';

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
