/** The only importer of onnxruntime-node; `onnxThreads` per session, as the default (all cores) oversubscribes the pool. */
import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { workerSettings } from '../worker-settings.js';

export type Session = ort.InferenceSession;
export type Tensor = ort.Tensor;

const sessions = new Map<string, Promise<Session>>();

/** Rewrites or checks a model's bytes before the session is made (face/minifasnet.ts checks its hash). */
export type ModelTransform = (bytes: Uint8Array) => Uint8Array;

export interface LoadOptions {
  transform?: ModelTransform;
  variant?: string;
  oneThread?: boolean;
  /** Intra-op threads whatever the worker has, idle ones sleeping (ocr/sessions.ts lends a lone worker the idle core). */
  threads?: number;
}

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
    pending.catch(() => { if (sessions.get(key) === pending) sessions.delete(key); });
  }
  return pending;
}

export function floatTensor(data: Float32Array, dims: readonly number[]): Tensor {
  return new ort.Tensor('float32', data, dims);
}

export interface FloatOutput {
  data: Float32Array;
  dims: readonly number[];
}

export async function runFloat(session: Session, input: Tensor, outputName?: string): Promise<FloatOutput> {
  const feeds: Record<string, Tensor> = { [session.inputNames[0]!]: input };
  const results = await session.run(feeds);
  const output = results[outputName ?? session.outputNames[0]!];
  if (!output || output.type !== 'float32') {
    throw new Error(`model output ${outputName ?? session.outputNames[0]} is missing or not float32`);
  }
  return { data: output.data as Float32Array, dims: output.dims };
}
