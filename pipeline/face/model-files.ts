/**
 * Where the face models lie: the cache that `npm run models` fills (models/README.md), i.e.
 * models/cache/ at the repository root, or the folder named by IDV_MODELS_DIR (pipeline/model-dir.ts),
 * the same rule as the converter's command line so that both always agree. Converting them is
 * convert-models.ts's, which the workers never import.
 */
import { join } from 'node:path';
import { loadSession, type Session } from '../backends/onnx.js';
import { modelsDir } from '../model-dir.js';

/**
 * The model ids of models/catalog.ts that the face stage runs or measures (the embedding
 * candidates). Anti-spoofing's models are files of this repository (minifasnet.ts).
 */
export type FaceModelId = 'blazeface' | 'mobilefacenet' | 'faceres' | 'faceres-deep' | 'mobileface';

/** The face models the stage runs or measures: convert-models.ts converts them. */
export const FACE_MODELS: readonly FaceModelId[] = ['blazeface', 'faceres', 'faceres-deep', 'mobileface', 'mobilefacenet'];

/** The folder of the converted models. */
export function faceModelsDir(): string {
  return modelsDir();
}

/** The path of one converted model. */
export function faceModelPath(id: FaceModelId): string {
  return join(faceModelsDir(), `${id}.onnx`);
}

/** A face model's session, on one thread (pipeline/backends/onnx.ts says why). */
export function faceSession(id: FaceModelId): Promise<Session> {
  return loadSession(faceModelPath(id), { oneThread: true });
}
