/** File reads shared by the model caches (model-build/cache.ts, pipeline/face/model-files.ts, pipeline/ocr/model-cache.ts). */
import { readFile } from 'node:fs/promises';

/** The file's bytes, or undefined when there is no such file; any other failure is thrown. */
export async function readOrUndefined(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
