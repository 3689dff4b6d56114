/**
 * The onnxruntime sessions the OCR readers run, one per model and transform in a worker
 * (pipeline/backends/onnx.ts), and which recogniser a reading takes: its session and the class
 * table of its columns. Apart from recognizer.ts so that the recogniser's helper thread
 * (recognizer-helper.ts, recognizer-thread.ts) makes the same choice without importing the
 * recogniser that calls it.
 */
import { loadSession, type Session } from '../backends/onnx.js';
import { runningAlone } from '../pool-load.js';
import { workerSettings } from '../worker-settings.js';
import { latinSubset, recognitionCharset, type Charset, type CharsetSubset } from './charset.js';
import { foldedModel, recognizerModel, type RecogniserModel } from './model-files.js';

/**
 * The session for the detector or the direction classifier: the model folded (model-files.ts),
 * from the model cache, made there on first use if missing.
 */
export async function ocrSession(path: string): Promise<Session> {
  // A worker with a recogniser helper owns a second core, which idles while the page is detected
  // and turned. Running alone in the pool, the detector and the direction classifier take it as a
  // second thread (a licence front's OCR stage 10 % faster); with other requests running, the
  // pool's cores are theirs, and two threads there made the stage 4 % slower.
  const lend = workerSettings().ocrHelper && runningAlone();
  return loadSession(await foldedModel(path), lend ? { threads: 2 } : {});
}

/**
 * The recogniser's session with its head narrowed to `classes` (all when undefined), PP-OCRv6
 * small or tiny (model-files.ts's recognizerModel). One session per file in a worker.
 */
export async function recognizerSession(classes: readonly number[] | undefined, model: RecogniserModel): Promise<Session> {
  return loadSession(await recognizerModel(classes, model));
}

/** What decides the recogniser a reading runs (recognizer.ts's RecognizeOptions without its squeeze). */
export interface RecogniserChoice {
  /**
   * Only the classes of `latinSubset` (default false: all of the model's), the softmax taken over
   * them. A Latin document's readers decode nothing else; the narrowed head is faster, and the
   * full rows cost megabytes a front to copy out, walk and collect.
   */
  latinOnly?: boolean;
  /**
   * Which model: fronts and OcrImage read first with the worker's `ocrRecogniser` (PP-OCRv6 tiny
   * by default, small reading again what it doubts: second-reading.ts); the MRZ reader with tiny
   * then small (mrz/read-line-set.ts).
   */
  model: RecogniserModel;
}

const latin = new Map<RecogniserModel, { from: Charset; subset: CharsetSubset }>();

/** The session and the class table of its columns. */
export async function recognizerFor({ latinOnly = false, model }: RecogniserChoice): Promise<{ session: Session; charset: Charset }> {
  const full = await recognitionCharset(model);
  if (!latinOnly) return { session: await recognizerSession(undefined, model), charset: full };
  let subset = latin.get(model);
  if (subset?.from !== full) latin.set(model, subset = { from: full, subset: latinSubset(full) });
  return { session: await recognizerSession(subset.subset.classes, model), charset: subset.subset.charset };
}
