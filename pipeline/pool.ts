/** The worker pool: Piscina behind our own bounded queue, as Piscina aborts a running task by killing its worker. */
import { Piscina } from 'piscina';
import { CodedError } from '../common/errors.js';
import type { PipelineConfig } from './config.js';
import { newRunningCounter } from './pool-load.js';
import type { Task, TaskResult } from './tasks.js';

interface Waiting {
  task: Task;
  transfer: ArrayBuffer[];
  resolve: (result: TaskResult) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class QueueFullError extends Error {
  constructor() {
    super('The pipeline queue is full.');
    this.name = 'QueueFullError';
  }
}

export class WorkerPool {
  readonly #piscina: Piscina;
  readonly #width: number;
  readonly #maxQueue: number;
  readonly #queue: Waiting[] = [];
  #running = 0;

  constructor(config: Pick<PipelineConfig, 'threads' | 'maxQueue' | 'workerSettings'>) {
    this.#width = config.threads;
    this.#maxQueue = config.maxQueue;
    this.#piscina = new Piscina({
      filename: new URL('./worker.js', import.meta.url).href,
      minThreads: config.threads,
      maxThreads: config.threads,
      concurrentTasksPerWorker: 1,
      // Our admission queue holds the waiting tasks; Piscina only ever sees `threads` at once.
      maxQueue: config.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData: { settings: config.workerSettings, running: newRunningCounter() },
    });
  }

  get stats(): { width: number; running: number; queued: number; maxQueue: number } {
    return { width: this.#width, running: this.#running, queued: this.#queue.length, maxQueue: this.#maxQueue };
  }

  /** Runs a task; QueueFullError when full, AbortError when the signal fires while queued (a started task runs to its end). */
  run(task: Task, transfer: ArrayBuffer[], signal?: AbortSignal): Promise<TaskResult> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#running >= this.#width && this.#queue.length >= this.#maxQueue) {
      return Promise.reject(new QueueFullError());
    }
    return new Promise<TaskResult>((resolve, reject) => {
      const waiting: Waiting = {
        task, transfer, resolve, reject, signal,
        onAbort: () => {
          const index = this.#queue.indexOf(waiting);
          if (index >= 0) {
            this.#queue.splice(index, 1);
            reject(signal?.reason);
          }
        },
      };
      signal?.addEventListener('abort', waiting.onAbort, { once: true });
      this.#queue.push(waiting);
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#running < this.#width && this.#queue.length > 0) {
      const next = this.#queue.shift()!;
      next.signal?.removeEventListener('abort', next.onAbort);
      this.#running += 1;
      this.#piscina.run(next.task, { transferList: next.transfer })
        .then((result: TaskResult) => next.resolve(result), (error: unknown) => {
          // The worker died (crash, out of memory): Piscina replaces it; the caller gets an answer.
          next.reject(new CodedError('ApiError', 'A pipeline worker stopped while processing the request.', String(error)));
        })
        .finally(() => {
          this.#running -= 1;
          this.#dispatch();
        });
    }
  }

  /** Terminates every worker now, as a crash would (fault tests, emergencies); Piscina starts replacements. */
  async terminateWorkers(): Promise<void> {
    await Promise.all(this.#piscina.threads.map((thread) => thread.terminate()));
  }

  /** Waits for running and queued work, then stops the threads. */
  async close(): Promise<void> {
    while (this.#running > 0 || this.#queue.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await this.#piscina.close();
  }

  /** Stops the threads at once (after the shutdown grace period). */
  async destroy(): Promise<void> {
    for (const waiting of this.#queue.splice(0)) waiting.reject(new CodedError('ServiceUnavailable', 'The pipeline is shutting down.'));
    await this.#piscina.destroy();
  }
}
