/**
 * Makes the OCR files the readers run (pipeline/ocr/files-in-use.ts names them) in the model
 * cache's `ocr/` folder, where missing or stale: `<name>` written through a temporary name, then
 * its record `<name>.json` (pipeline/ocr/model-cache.ts, which the service checks them by). A file
 * is stale when its record names another source hash or transform, when its bytes no longer match,
 * or when another optimiser made it: the record holds the hash of the compiled optimise/*.js, so a
 * changed optimiser remakes every file. A stale file is replaced, not kept beside, and a file no
 * reader runs any more is removed (pruneOcrFiles): the folder holds one file per transform in use.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { checkOcrFiles, ocrFilesInUse } from '../pipeline/ocr/files-in-use.js';
import { currentRecord, ocrFilePath, sourceSha256, type CacheRecord, type OcrFile } from '../pipeline/ocr/model-cache.js';
import { modelsDir } from '../pipeline/model-dir.js';
import { V6_SMALL_DICTIONARY_FILE } from '../pipeline/ocr/model-files.js';
import { metadataValue, optimiseOcrModel } from './optimise/ocr.js';

/** A file of the cache: where it lies, and whether this call made it. */
export interface MadeFile {
  path: string;
  made: boolean;
}

/** The compiled optimiser, dist/model-build/optimise/. */
const OPTIMISER = fileURLToPath(new URL('./optimise/', import.meta.url));

const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

let optimiser: Promise<string> | undefined;

/** Hash of the optimiser's compiled code (optimise/*.js). */
export function optimiserHash(): Promise<string> {
  optimiser ??= (async () => {
    const hash = createHash('sha256');
    for (const f of (await readdir(OPTIMISER)).filter((f) => f.endsWith('.js')).sort()) hash.update(f).update(await readFile(join(OPTIMISER, f)));
    return hash.digest('hex');
  })();
  return optimiser;
}

async function writeAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const tmp = `${path}.${process.pid}-${threadId}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** `file` in the cache, made where missing or stale. */
export async function makeOcrFile(file: OcrFile): Promise<MadeFile> {
  const path = ocrFilePath(file);
  const hash = await optimiserHash();
  if ((await currentRecord(file))?.optimiser === hash) return { path, made: false };
  const bytes = await readFile(file.source);
  const output = 'optimisation' in file.make
    ? optimiseOcrModel(bytes, file.make.optimisation)
    : new TextEncoder().encode(metadataValue(bytes, file.make.metadata));
  await mkdir(dirname(path), { recursive: true });
  await writeAtomic(path, output);
  const record: CacheRecord = {
    source: { file: basename(file.source), sha256: await sourceSha256(file.source) },
    transform: file.transform,
    optimiser: hash,
    output: { file: file.name, sha256: sha256(output), bytes: output.byteLength },
  };
  await writeAtomic(`${path}.json`, `${JSON.stringify(record, null, 2)}\n`);
  return { path, made: true };
}

/**
 * Every OCR file the service runs, made where missing or stale, then checked as the pipeline
 * checks them when it starts. Small's dictionary first: the list of the others is computed from it.
 */
export async function prepareOcrModels(): Promise<MadeFile[]> {
  const made = [await makeOcrFile(V6_SMALL_DICTIONARY_FILE)];
  // One at a time: making a recogniser file holds its model decoded, some hundreds of MB.
  for (const file of await ocrFilesInUse()) made.push(await makeOcrFile(file));
  await checkOcrFiles();
  return made;
}

/**
 * Removes from the cache's `ocr/` folder every file and record but those the service runs (a
 * temporary file of a write in progress aside); returns the names removed. Run after
 * prepareOcrModels, which prepares the dictionary the list is computed from.
 */
export async function pruneOcrFiles(): Promise<string[]> {
  const dir = join(modelsDir(), 'ocr');
  const kept = new Set([V6_SMALL_DICTIONARY_FILE, ...await ocrFilesInUse()].flatMap((f) => [f.name, `${f.name}.json`]));
  const removed = (await readdir(dir).catch(() => [] as string[])).filter((name) => !kept.has(name) && !name.endsWith('.tmp')).sort();
  for (const name of removed) await rm(join(dir, name), { force: true });
  return removed;
}
