/** The model cache's folder, models/cache/ or IDV_MODELS_DIR, for the service and `npm run models` alike. */
import { fileURLToPath } from 'node:url';

const DEFAULT_DIR = fileURLToPath(new URL('../../models/cache/', import.meta.url));

export function modelsDir(): string {
  return process.env.IDV_MODELS_DIR || DEFAULT_DIR;
}

/** The command that prepares every model the service runs (model-build/cli.ts). */
export const PREPARE_MODELS_COMMAND = 'npm run models';

/** A model the service runs is not in the cache as prepared: `what` says which file and why. */
export class ModelsNotPreparedError extends Error {
  readonly code = 'IDV_MODELS_NOT_PREPARED';

  constructor(what: string) {
    super(`${what}: run \`${PREPARE_MODELS_COMMAND}\` to prepare the model cache ${modelsDir()} (an image's build stage runs it)`);
    this.name = 'ModelsNotPreparedError';
  }
}
