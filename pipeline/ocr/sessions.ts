/** The OCR onnxruntime sessions, one per model file; apart from recognizer.ts so its helper thread need not import it. */
import { loadSession, type Session } from '../backends/onnx.js';
import { runningAlone } from '../pool-load.js';
import { workerSettings } from '../worker-settings.js';
import { latinSubset, recognitionCharset, type Charset, type CharsetSubset } from './charset.js';
import { foldedModel, recognizerModel, type RecogniserModel } from './model-files.js';

/** The session for the detector or the direction classifier, folded (model-files.ts). */
export async function ocrSession(path: string): Promise<Session> {
    // With a recogniser helper, its core idles during detection: the detector takes it only when alone in the pool.
  const lend = workerSettings().ocrHelper && runningAlone();
  return loadSession(await foldedModel(path), lend ? { threads: 2 } : {});
}

/** The recogniser's session with its head narrowed to `classes` (all when undefined). */
export async function recognizerSession(classes: readonly number[] | undefined, model: RecogniserModel): Promise<Session> {
  return loadSession(await recognizerModel(classes, model));
}

/** What decides the recogniser a reading runs (recognizer.ts's RecognizeOptions without its squeeze). */
export interface RecogniserChoice {
    /** Only `latinSubset`'s classes, the softmax over them: a Latin reader decodes nothing else. */
  latinOnly?: boolean;
    /** Which model: fronts and OcrImage read first with the worker's `ocrRecogniser`, the MRZ with tiny. */
  model: RecogniserModel;
}

const latin = new Map<RecogniserModel, { from: Charset; subset: CharsetSubset }>();

export async function recognizerFor({ latinOnly = false, model }: RecogniserChoice): Promise<{ session: Session; charset: Charset }> {
  const full = await recognitionCharset(model);
  if (!latinOnly) return { session: await recognizerSession(undefined, model), charset: full };
  let subset = latin.get(model);
  if (subset?.from !== full) latin.set(model, subset = { from: full, subset: latinSubset(full) });
  return { session: await recognizerSession(subset.subset.classes, model), charset: subset.subset.charset };
}
