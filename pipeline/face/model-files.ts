/** The face models in the cache `npm run models` fills, checked against its manifest.json on first load. */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readOrUndefined } from '../../common/files.js';
import { loadSession, type Session } from '../backends/onnx.js';
import { ModelsNotPreparedError, modelsDir } from '../model-dir.js';
import { EMBEDDER } from './calibration.js';

/** The model ids (model-build/catalog.ts) the face stage runs; anti-spoofing's are repository files (minifasnet.ts). */
export type FaceModelId = 'blazeface' | 'dlib-resnet';

export const FACE_MODELS_IN_USE: readonly FaceModelId[] = ['blazeface', EMBEDDER];

/** What the service reads of the manifest (model-build/cache.ts). */
interface ManifestEntry {
  output: { file: string; sha256: string };
}

const checked = new Map<FaceModelId, Promise<string>>();

async function check(id: FaceModelId): Promise<string> {
  const dir = modelsDir();
  const raw = await readOrUndefined(join(dir, 'manifest.json'));
  const entry = raw && (JSON.parse(raw.toString('utf8')) as { models?: Record<string, ManifestEntry> }).models?.[id];
  if (!entry) throw new ModelsNotPreparedError(`the face model ${id} is not in the cache's manifest`);
  const path = join(dir, entry.output.file);
  const bytes = await readOrUndefined(path);
  if (!bytes) throw new ModelsNotPreparedError(`the face model ${id} (${entry.output.file}) is missing`);
  if (createHash('sha256').update(bytes).digest('hex') !== entry.output.sha256) {
    throw new ModelsNotPreparedError(`the face model ${id} (${entry.output.file}) does not match its manifest entry`);
  }
  return path;
}

/** The path of one converted model, checked once per thread. */
export function preparedFaceModel(id: FaceModelId): Promise<string> {
  let pending = checked.get(id);
  if (!pending) {
    const started = check(id);
    started.catch(() => { if (checked.get(id) === started) checked.delete(id); });
    checked.set(id, started);
    pending = started;
  }
  return pending;
}

/** Checks every face model the service runs; the first not prepared throws ModelsNotPreparedError. */
export async function checkFaceModels(): Promise<void> {
  for (const id of FACE_MODELS_IN_USE) await preparedFaceModel(id);
}

/** A face model's session, on one thread (pipeline/backends/onnx.ts says why). */
export async function faceSession(id: FaceModelId): Promise<Session> {
  return loadSession(await preparedFaceModel(id), { oneThread: true });
}
