/**
 * Where the face models lie: the cache that `npm run models` fills (models/README.md), i.e.
 * models/cache/ at the repository root, or the folder named by IDV_MODELS_DIR, the same rule as
 * the converter's command line so that both always agree.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { updateCache } from '../../models/cache.js';
import { catalogEntry } from '../../models/catalog.js';
import { loadSession, type Session } from '../backends/onnx.js';

/**
 * The model ids of models/catalog.ts that the face stage runs or measures (the embedding
 * candidates). Anti-spoofing's models are files of this repository (minifasnet.ts).
 */
export type FaceModelId = 'blazeface' | 'mobilefacenet' | 'faceres' | 'faceres-deep' | 'mobileface';

const DEFAULT_DIR = fileURLToPath(new URL('../../../models/cache/', import.meta.url));

const FACE_MODELS: readonly FaceModelId[] = ['blazeface', 'faceres', 'faceres-deep', 'mobileface', 'mobilefacenet'];

/** The folder of the converted models. */
export function faceModelsDir(): string {
  return process.env.IDV_MODELS_DIR || DEFAULT_DIR;
}

/** The path of one converted model. */
export function faceModelPath(id: FaceModelId): string {
  return join(faceModelsDir(), `${id}.onnx`);
}

/** A face model's session, on one thread (pipeline/backends/onnx.ts says why). */
export function faceSession(id: FaceModelId): Promise<Session> {
  return loadSession(faceModelPath(id), { oneThread: true });
}

/**
 * Converts the face models from their npm package into the cache where missing or stale (the
 * converter skips up-to-date ones in milliseconds), so that a pipeline never starts without them
 * whether or not `npm run models` ran.
 */
export async function ensureFaceModels(): Promise<void> {
  await updateCache(faceModelsDir(), FACE_MODELS.map(catalogEntry));
}
