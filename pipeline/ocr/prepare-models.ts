/**
 * Every OCR file the service runs, made in the model cache where missing or stale
 * (model-cache.ts): by `npm run models` and when the pipeline starts, so that its workers find
 * them made. A worker still makes one it lacks on first use, so this is a head start, not a
 * condition.
 */
import { latinSubset, recognitionCharset } from './charset.js';
import { DETECTION_MODEL, DIRECTION_MODEL, foldedModel, recognizerModel } from './model-files.js';
import type { CachedFile } from './model-cache.js';

/** The detector, the direction classifier, v4 whole (OcrImage) and narrowed to Latin in float32 and int8, v6 small and tiny narrowed. */
export async function prepareOcrModels(): Promise<CachedFile[]> {
  const v4 = latinSubset(await recognitionCharset('v4')).classes;
  const v6 = latinSubset(await recognitionCharset('v6')).classes;
  const v6Tiny = latinSubset(await recognitionCharset('v6-tiny')).classes;
  const made: CachedFile[] = [];
  // One at a time: making a recogniser file holds its model decoded, some hundreds of MB.
  for (const file of [
    () => foldedModel(DETECTION_MODEL),
    () => foldedModel(DIRECTION_MODEL),
    () => recognizerModel(undefined, false, 'v4'),
    () => recognizerModel(v4, false, 'v4'),
    () => recognizerModel(v4, true, 'v4'),
    () => recognizerModel(v6, false, 'v6'),
    () => recognizerModel(v6Tiny, false, 'v6-tiny'),
  ]) made.push(await file());
  return made;
}
