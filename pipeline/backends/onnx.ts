/**
 * The pipeline's only importer of onnxruntime-node. Sessions are created once per worker thread
 * (one module instance per thread) through a memoised promise that forgets failures, so a model
 * that failed to load (a missing file, a transient error) is retried on the next call instead of
 * poisoning the worker for its lifetime.
 *
 * Threads: the pool's width is the parallelism (pipeline/config.ts), so each session runs its
 * graph sequentially on `workerSettings().onnxThreads` intra-op threads and one inter-op thread;
 * onnxruntime's default (all physical cores per session) would oversubscribe the machine. A small
 * model asks for one thread whatever the worker has: the face models' inputs are too small to
 * share out, and on two threads the face stage took 128 instead of 79 ms p50.
 *
 * Worker threads: onnxruntime issue 24486 reports a V8 HandleScope crash when sessions run inside
 * worker_threads in some versions; 1.30.0 was checked in a Worker with two concurrent sessions
 * (test/ocr/onnx-worker.test.ts).
 */
import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { workerSettings } from '../worker-settings.js';

export type Session = ort.InferenceSession;
export type Tensor = ort.Tensor;

const sessions = new Map<string, Promise<Session>>();

/** Rewrites or checks a model's bytes before the session is made (face/minifasnet.ts checks its hash). */
export type ModelTransform = (bytes: Uint8Array) => Uint8Array;

export interface LoadOptions {
  /** Rewrites the model before the session is made: one session per file and `variant`. */
  transform?: ModelTransform;
  /** Names the transform and whatever it was made with; by default the function's name. */
  variant?: string;
  /** Run on one intra-op thread even where the worker has more (small models). */
  oneThread?: boolean;
  /**
   * Run on this many intra-op threads whatever the worker has, their idle threads sleeping rather
   * than spinning (ocr/sessions.ts lends a running-alone worker the pool's idle core).
   */
  threads?: number;
}

/** The session for a model file, created on first use in this worker and shared afterwards. */
export function loadSession(path: string, { transform, variant = transform?.name, oneThread = false, threads }: LoadOptions = {}): Promise<Session> {
  const key = `${transform ? `${path}#${variant}` : path}${threads === undefined ? '' : `@${threads}`}`;
  let pending = sessions.get(key);
  if (!pending) {
    const options: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: threads ?? (oneThread ? 1 : workerSettings().onnxThreads),
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // A spinning thread would hold on to the core it was lent after its run.
      ...(threads === undefined ? {} : { extra: { 'session.intra_op.allow_spinning': '0' } }),
    };
    pending = transform
      ? readFile(path).then((bytes) => ort.InferenceSession.create(transform(bytes), options))
      : ort.InferenceSession.create(path, options);
    sessions.set(key, pending);
    // Forget a failure so that the next caller tries again.
    pending.catch(() => { if (sessions.get(key) === pending) sessions.delete(key); });
  }
  return pending;
}

/** A float32 tensor over `data` with the given dimensions (no copy). */
export function floatTensor(data: Float32Array, dims: readonly number[]): Tensor {
  return new ort.Tensor('float32', data, dims);
}

export interface FloatOutput {
  data: Float32Array;
  dims: readonly number[];
}

/**
 * Runs a single-input model and returns its first (or named) float output. Most of our models
 * (text recognition, face embedding) have exactly this shape of call.
 */
export async function runFloat(session: Session, input: Tensor, outputName?: string): Promise<FloatOutput> {
  const feeds: Record<string, Tensor> = { [session.inputNames[0]!]: input };
  const results = await session.run(feeds);
  const output = results[outputName ?? session.outputNames[0]!];
  if (!output || output.type !== 'float32') {
    throw new Error(`model output ${outputName ?? session.outputNames[0]} is missing or not float32`);
  }
  return { data: output.data as Float32Array, dims: output.dims };
}
