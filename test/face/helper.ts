/**
 * What the face tests share: the converted models the service runs (made on demand by model-build's
 * converter, which skips up-to-date ones, so that a face test file run alone does not assume
 * `npm run models` ran) and the shared face photos (absent → the tests that need them skip, saying so).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareFaceModels } from '../../model-build/cache.js';
import { FACE_MODELS_IN_USE } from '../../pipeline/face/model-files.js';

/** The face models the service runs, converted into the model cache where missing or stale. */
export async function ensureFaceModels(): Promise<void> {
  await prepareFaceModels(FACE_MODELS_IN_USE);
}

export const SHARED_FACES = fileURLToPath(new URL('../../../../shared/data/faces/', import.meta.url));
export const SKIP_SHARED = existsSync(join(SHARED_FACES, 'pairs.csv'))
  ? false
  : `../shared/data/faces is absent (${SHARED_FACES}): the face photos are needed`;

/** A photo of ../shared/data/faces by its pairs.csv path (face_recognition/…). */
export function sharedPhoto(path: string): Buffer {
  return readFileSync(join(SHARED_FACES, path));
}

/** pairs.csv as (a, b, same) rows. */
export function sharedPairs(): Array<{ a: string; b: string; same: boolean }> {
  return readFileSync(join(SHARED_FACES, 'pairs.csv'), 'utf8').trim().split('\n').slice(1).map((line) => {
    const [a, b, same] = line.split(',').map((cell) => cell.trim());
    return { a: a!, b: b!, same: same === '1' };
  });
}
