/** Checks the prepared OCR files (`<cache>/ocr/<name>` and its `.json` record); a mismatch throws ModelsNotPreparedError. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { readOrUndefined } from '../../common/files.js';
import { ModelsNotPreparedError, modelsDir } from '../model-dir.js';
import type { OcrOptimisation } from './optimisation.js';

export interface CacheRecord {
  source: { file: string; sha256: string };
  transform: string;
  optimiser: string;
  output: { file: string; sha256: string; bytes: number };
}

export interface OcrFile {
  name: string;
  source: string;
  transform: string;
  accept?: (sourceSha256: string) => void;
  make: { optimisation: OcrOptimisation } | { metadata: string };
}

const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

/** Per thread, each lookup once (a failure is retried on the next call). */
const prepared = new Map<string, Promise<string>>();
const sources = new Map<string, Promise<string>>();

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

export function ocrFilePath(file: OcrFile): string {
  return join(modelsDir(), 'ocr', file.name);
}

export function sourceSha256(source: string): Promise<string> {
  return once(sources, source, async () => sha256(await readFile(source)));
}

/** `file`'s record where the cache holds it current and its bytes match; throws where `file.accept` refuses. */
export async function currentRecord(file: OcrFile): Promise<CacheRecord | undefined> {
  const found = await sourceSha256(file.source);
  file.accept?.(found);
  const path = ocrFilePath(file);
  const raw = await readOrUndefined(`${path}.json`);
  const record = raw && (JSON.parse(raw.toString('utf8')) as CacheRecord);
  if (record?.source.sha256 !== found || record.transform !== file.transform) return undefined;
  const bytes = await readOrUndefined(path);
  return bytes && sha256(bytes) === record.output.sha256 ? record : undefined;
}

/** The path of `file`, checked against its record once per thread; ModelsNotPreparedError where it is not prepared. */
export function preparedFile(file: OcrFile): Promise<string> {
  return once(prepared, file.name, async () => {
    if (!(await currentRecord(file))) throw new ModelsNotPreparedError(`the OCR model file ocr/${file.name} is missing or stale`);
    return ocrFilePath(file);
  });
}

/** `source` optimised: `<name>.<fold|plain>[.classes-<hash>][.head-<hash>].onnx`, classes and head by hash. */
export function optimisedFile(source: string, optimisation: OcrOptimisation, accept?: (sourceSha256: string) => void): OcrFile {
  const { fold, classes, head } = optimisation;
  const classesHash = classes && sha256(classes.join(','));
  const headHash = head && createHash('sha256').update(new Uint8Array(head.weights.buffer, head.weights.byteOffset, head.weights.byteLength))
    .update(new Uint8Array(head.bias.buffer, head.bias.byteOffset, head.bias.byteLength)).digest('hex');
  const name = [basename(source, '.onnx'), fold ? 'fold' : 'plain', ...(classesHash ? [`classes-${classesHash.slice(0, 12)}`] : []),
    ...(headHash ? [`head-${headHash.slice(0, 12)}`] : []), 'onnx'].join('.');
  const transform = `fold:${fold} classes:${classesHash ?? 'all'}${headHash ? ` head:${headHash}` : ''}`;
  return { name, source, transform, ...(accept ? { accept } : {}), make: { optimisation } };
}

/** The text of a metadata entry of `source` (PP-OCRv6's dictionary, key `character`): `<source name>.<key>.txt`. */
export function metadataFile(source: string, key: string, accept?: (sourceSha256: string) => void): OcrFile {
  return { name: `${basename(source, '.onnx')}.${key}.txt`, source, transform: `metadata:${key}`, ...(accept ? { accept } : {}), make: { metadata: key } };
}
