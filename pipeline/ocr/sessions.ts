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
 * The recogniser's session with its head narrowed to `classes` (all when undefined), in int8 or
 * float32, PP-OCRv4 or v6 (model-files.ts's recognizerModel). One session per file in a worker.
 */
export async function recognizerSession(classes: readonly number[] | undefined, int8: boolean, model: RecogniserModel = 'v4'): Promise<Session> {
  return loadSession(await recognizerModel(classes, int8, model));
}

/** What decides the recogniser a reading runs (recognizer.ts's RecognizeOptions without its squeeze). */
export interface RecogniserChoice {
  /**
   * Only the classes of `latinSubset` (default false: all 6625), the softmax taken over them. A
   * Latin document's readers decode nothing else; the narrowed head is 6 to 10 % faster, and the
   * full rows cost ~20 MB a front to copy out, walk and collect.
   */
  latinOnly?: boolean;
  /**
   * The float32 recogniser whatever the worker's settings. Only the Latin readers of fronts run
   * int8 (unless `IDV_OCR_INT8=0`), which is what the accuracy bench measured;
   * reading every script (OcrImage) stays float32. The MRZ reader asks for float32: on blurred
   * TD1 backs the int8 model read the fillers after an overflowing document number as digits
   * (three of about 450 MRZs of seeds 4242, 6161 and 9191, none in float32), and the MRZ is the
   * reference every printed field is checked against.
   */
  float32?: boolean;
  /**
   * Which model (default 'v4'): fronts read with the worker's `ocrRecogniser` (PP-OCRv6 small by
   * default, which writes the accented capitals that v4's dictionary lacks: docs/front-ocr.md);
   * the MRZ reader with v6 (mrz/read-line-set.ts), OcrImage with v4. v6 runs in float32.
   */
  model?: RecogniserModel;
}

const latin = new Map<RecogniserModel, { from: Charset; subset: CharsetSubset }>();

/** The session and the class table of its columns. */
export async function recognizerFor({ latinOnly = false, float32 = false, model = 'v4' }: RecogniserChoice): Promise<{ session: Session; charset: Charset }> {
  const full = await recognitionCharset(model);
  if (!latinOnly) return { session: await recognizerSession(undefined, false, model), charset: full };
  const int8 = model === 'v4' && !float32 && workerSettings().ocrInt8;
  let subset = latin.get(model);
  if (subset?.from !== full) latin.set(model, subset = { from: full, subset: latinSubset(full) });
  return { session: await recognizerSession(subset.subset.classes, int8, model), charset: subset.subset.charset };
}
