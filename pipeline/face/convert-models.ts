/**
 * Converts the face models from their npm package into the cache where missing or stale (the
 * converter skips up-to-date ones in milliseconds), so that a pipeline never starts without them
 * whether or not `npm run models` ran. Apart from model-files.ts because it imports the converter
 * (models/cache.ts, models/convert/): the pipeline's main thread runs it, its workers never load it.
 */
import { updateCache } from '../../models/cache.js';
import { catalogEntry } from '../../models/catalog.js';
import { FACE_MODELS, faceModelsDir } from './model-files.js';

export async function ensureFaceModels(): Promise<void> {
  await updateCache(faceModelsDir(), FACE_MODELS.map(catalogEntry));
}
