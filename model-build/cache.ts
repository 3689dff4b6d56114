/**
 * The local model cache: `<dir>/<id>.onnx` plus `<dir>/manifest.json`, which records for each
 * model its source package and version, the sha256 of every source file and of the output, and
 * the ONNX interface. A model is rebuilt only when its sources, the converter or the output
 * file changed, so running the conversion twice does nothing the second time.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPSET, type ValueInfo } from './convert/onnx-builder.js';
import { readSource } from './convert/source.js';
import { SOURCE_PACKAGE, catalogEntry, type CatalogEntry } from './catalog.js';
import { readOrUndefined } from '../common/files.js';
import { modelsDir } from '../pipeline/model-dir.js';

export interface ManifestEntry {
  source: { package: string; version: string; files: Array<{ path: string; sha256: string }> };
  converter: { sha256: string; opset: number };
  output: { file: string; sha256: string; bytes: number };
  inputs: ValueInfo[];
  outputs: ValueInfo[];
}

export interface Manifest {
  models: Record<string, ManifestEntry>;
}

/** What happened to one model in a conversion run. */
export interface CacheResult {
  id: string;
  status: 'converted' | 'up-to-date';
  entry: ManifestEntry;
}

export function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Reads `<dir>/manifest.json`, or an empty manifest when there is none yet. */
export async function readManifest(dir: string): Promise<Manifest> {
  const raw = await readOrUndefined(join(dir, 'manifest.json'));
  return raw ? (JSON.parse(raw.toString('utf8')) as Manifest) : { models: {} };
}

/** Writes a file through a temporary name so a crash never leaves half a model behind. */
async function writeAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** A source package's folder and version, resolved from node_modules. */
async function sourcePackage(name: string): Promise<{ dir: string; version: string }> {
  const pkgJson = createRequire(import.meta.url).resolve(`${name}/package.json`);
  const { version } = JSON.parse(await readFile(pkgJson, 'utf8')) as { version: string };
  return { dir: dirname(pkgJson), version };
}

/**
 * Hash of the converter's own code (convert/, and optimise/ whose clamp fold it applies), so a
 * converter change invalidates every cached model.
 */
async function converterHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const folder of ['convert', 'optimise']) {
    const dir = fileURLToPath(new URL(`./${folder}/`, import.meta.url));
    const files = (await readdir(dir)).filter((f) => f.endsWith('.js')).sort();
    for (const f of files) hash.update(`${folder}/${f}`).update(await readFile(join(dir, f)));
  }
  return hash.digest('hex');
}

function sameSources(a: ManifestEntry['source'], b: ManifestEntry['source']): boolean {
  return a.package === b.package && a.version === b.version && JSON.stringify(a.files) === JSON.stringify(b.files);
}

/** Converts the given models into `dir`, skipping those already up to date; rewrites the manifest. */
export async function updateCache(dir: string, entries: readonly CatalogEntry[]): Promise<CacheResult[]> {
  await mkdir(dir, { recursive: true });
  const manifest = await readManifest(dir);
  const converter = { sha256: await converterHash(), opset: OPSET };
  const results: CacheResult[] = [];
  for (const e of entries) {
    const packageName = e.package ?? SOURCE_PACKAGE;
    const pkg = await sourcePackage(packageName);
    const model = await readSource(e, pkg.dir);
    const files = await Promise.all(model.files.map(async (f) => ({ path: relative(pkg.dir, f), sha256: sha256(await readFile(f)) })));
    const source = { package: packageName, version: pkg.version, files };
    const old = manifest.models[e.id];
    const outFile = `${e.id}.onnx`;
    const existing = await readOrUndefined(join(dir, outFile));
    if (old && existing && sameSources(old.source, source) && old.converter.sha256 === converter.sha256
      && old.output.sha256 === sha256(existing)) {
      results.push({ id: e.id, status: 'up-to-date', entry: old });
      continue;
    }
    const converted = model.convert(e.id, {
      producerName: 'idv-models',
      producerVersion: converter.sha256.slice(0, 12),
      docString: `converted from ${packageName}@${pkg.version}/${e.source}`,
      metadata: { source: `${packageName}@${pkg.version}/${e.source}`, layout: 'NHWC' },
    });
    await writeAtomic(join(dir, outFile), converted.onnx);
    const entry: ManifestEntry = {
      source,
      converter,
      output: { file: outFile, sha256: sha256(converted.onnx), bytes: converted.onnx.byteLength },
      inputs: converted.inputs,
      outputs: converted.outputs,
    };
    manifest.models[e.id] = entry;
    results.push({ id: e.id, status: 'converted', entry });
  }
  if (results.some((r) => r.status === 'converted')) {
    await writeAtomic(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return results;
}

/** The face models `ids` converted into the model cache (pipeline/model-dir.ts) where missing or stale. */
export function prepareFaceModels(ids: readonly string[]): Promise<CacheResult[]> {
  return updateCache(modelsDir(), ids.map(catalogEntry));
}

/**
 * Removes from `dir` every converted model but `keep`, its file and its manifest entry, so that the
 * cache holds only what the service runs; returns the ids removed.
 */
export async function pruneCache(dir: string, keep: readonly string[]): Promise<string[]> {
  const manifest = await readManifest(dir);
  const removed = Object.keys(manifest.models).filter((id) => !keep.includes(id)).sort();
  if (removed.length === 0) return [];
  for (const id of removed) {
    await rm(join(dir, manifest.models[id]!.output.file), { force: true });
    delete manifest.models[id];
  }
  await writeAtomic(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return removed;
}
