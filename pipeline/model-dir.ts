/**
 * The model cache's folder: models/cache/ at the repository root, or the folder named by
 * IDV_MODELS_DIR. One rule for the face models (converted by models/cache.ts), the OCR models
 * (optimised by pipeline/ocr/model-cache.ts) and `npm run models`, so that all of them agree.
 */
import { fileURLToPath } from 'node:url';

const DEFAULT_DIR = fileURLToPath(new URL('../../models/cache/', import.meta.url));

export function modelsDir(): string {
  return process.env.IDV_MODELS_DIR || DEFAULT_DIR;
}
