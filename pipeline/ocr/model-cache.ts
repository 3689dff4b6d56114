/**
 * The OCR models as the readers run them (folded, narrowed to the Latin classes, with a trained head, quantised:
 * models/optimise/), made once and kept in the model cache's `ocr/` folder (pipeline/model-dir.ts):
 * `<name>` beside `<name>.json`, its record: the source file's sha256, the transform's identity and
 * the output's sha256 and size. A file is taken only when its record names the same source hash
 * and transform and the file's own hash matches (checked on every load); otherwise it is made
 * again. The transform's identity holds the hash of the optimiser's compiled code, so a changed
 * optimiser remakes every file.
 *
 * Making a file needs the converter tooling (models/optimise/, onnx-proto): it is imported only
 * then, dynamically, so a worker that finds its files made never loads it. `npm run models` and
 * the pipeline's start make them (prepare-models.ts); a worker that finds one missing or stale
 * (a test run on a clean clone) makes it on first use. One record a file, not a manifest, as
 * workers may make files at the same time; each file is written under a temporary name and
 * renamed, and two that make the same file write the same bytes.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import type { OcrOptimisation } from '../../models/optimise/ocr.js';
import { modelsDir } from '../model-dir.js';
import { readOrUndefined } from '../../common/files.js';

/**
 * What is done to a source model: fold its element-wise chains, keep some output classes (the
 * blank first), quantise its wide convolutions over given ranges (a type only: erased at run time).
 */
export type { OcrOptimisation as Optimisation } from '../../models/optimise/ocr.js';

/** What one cached file is made of, as its `.json` record holds it. */
interface CacheRecord {
  source: { file: string; sha256: string };
  transform: string;
  output: { file: string; sha256: string; bytes: number };
}

/** A file of the cache: where it lies, and whether this call made it. */
export interface CachedFile {
  path: string;
  made: boolean;
}

/** The compiled optimiser, dist/models/optimise/. */
const OPTIMISER = fileURLToPath(new URL('../../models/optimise/', import.meta.url));

const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

/** Per thread, each file's lookup once (a failure is retried on the next call). */
const files = new Map<string, Promise<CachedFile>>();
const sources = new Map<string, Promise<string>>();
let optimiser: Promise<string> | undefined;

function once<T>(memo: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let pending = memo.get(key);
  if (!pending) {
    pending = make();
    memo.set(key, pending);
    const started = pending;
    started.catch(() => { if (memo.get(key) === started) memo.delete(key); });
  }
  return pending;
}

/** Hash of the optimiser's compiled code (models/optimise/*.js), read, never imported. */
function optimiserHash(): Promise<string> {
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

/**
 * The cached file `name`, made from `source` by `make` (given the source's bytes) where missing
 * or stale. `transform` names what `make` does; `accept` may refuse the source by its sha256.
 */
function cachedFile(name: string, source: string, transform: string, make: (bytes: Uint8Array) => Promise<Uint8Array>,
  accept?: (sourceSha256: string) => void): Promise<CachedFile> {
  return once(files, name, async () => {
    const found = await once(sources, source, async () => sha256(await readFile(source)));
    accept?.(found);
    const identity = `${transform} optimiser:${await optimiserHash()}`;
    const dir = join(modelsDir(), 'ocr');
    const path = join(dir, name);
    const raw = await readOrUndefined(`${path}.json`);
    const record = raw && (JSON.parse(raw.toString('utf8')) as CacheRecord);
    if (record?.source.sha256 === found && record.transform === identity) {
      const cached = await readOrUndefined(path);
      if (cached && sha256(cached) === record.output.sha256) return { path, made: false };
    }
    const output = await make(await readFile(source));
    await mkdir(dir, { recursive: true });
    await writeAtomic(path, output);
    const made: CacheRecord = {
      source: { file: basename(source), sha256: found },
      transform: identity,
      output: { file: name, sha256: sha256(output), bytes: output.byteLength },
    };
    await writeAtomic(`${path}.json`, `${JSON.stringify(made, null, 2)}\n`);
    return { path, made: true };
  });
}

/** The converter tooling, loaded only to make a file. */
const tooling = () => import('../../models/optimise/ocr.js');

/**
 * `source` optimised as `optimisation` says: `<source name>.<fold|plain>[.classes-<hash>][.head-<hash>][.int8].onnx`.
 * The class list, the trained head and the int8 ranges are in the transform's identity by their hash.
 */
export function optimisedModel(source: string, optimisation: OcrOptimisation, accept?: (sourceSha256: string) => void): Promise<CachedFile> {
  const { fold, classes, head, int8 } = optimisation;
  const classesHash = classes && sha256(classes.join(','));
  const headHash = head && createHash('sha256').update(new Uint8Array(head.weights.buffer, head.weights.byteOffset, head.weights.byteLength))
    .update(new Uint8Array(head.bias.buffer, head.bias.byteOffset, head.bias.byteLength)).digest('hex');
  const name = [basename(source, '.onnx'), fold ? 'fold' : 'plain', ...(classesHash ? [`classes-${classesHash.slice(0, 12)}`] : []),
    ...(headHash ? [`head-${headHash.slice(0, 12)}`] : []), ...(int8 ? ['int8'] : []), 'onnx'].join('.');
  const transform = `fold:${fold} classes:${classesHash ?? 'all'}${headHash ? ` head:${headHash}` : ''} int8:${int8 ? sha256(JSON.stringify(int8)) : 'no'}`;
  return cachedFile(name, source, transform, async (bytes) => (await tooling()).optimiseOcrModel(bytes, optimisation), accept);
}

/** The text of a metadata entry of `source` (PP-OCRv6's dictionary, key `character`): `<source name>.<key>.txt`. */
export function metadataText(source: string, key: string, accept?: (sourceSha256: string) => void): Promise<CachedFile> {
  return cachedFile(`${basename(source, '.onnx')}.${key}.txt`, source, `metadata:${key}`,
    async (bytes) => new TextEncoder().encode((await tooling()).metadataValue(bytes, key)), accept);
}
