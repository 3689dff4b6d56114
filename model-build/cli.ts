/**
 * `npm run models [-- <command>] [ids…]`: the models' build step, run before the service (by
 * `npm start`, `npm test`'s pretest and the image's build stage); the service never imports it.
 *
 *   convert (default)  without ids, every model the service runs: the face models it runs
 *                      (pipeline/face/model-files.ts), TF.js graph models from node_modules →
 *                      <cache>/<id>.onnx + manifest.json, and the OCR files as the readers run
 *                      them → <cache>/ocr/ (folded, narrowed: ocr-files.ts); then removes
 *                      from the cache what the service does not run. With ids, those face models
 *                      alone (the face bench's candidates, the converter's test models)
 *   ops                op census of each source model and what the converter lacks
 *   verify             converts into a scratch folder, then ONNX (onnxruntime) vs TF.js (CPU) on
 *                      real face photos; needs devDependencies
 *
 * The cache is models/cache/ unless IDV_MODELS_DIR names another folder (pipeline/model-dir.ts).
 * Nothing is downloaded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { CATALOG, SOURCE_PACKAGE, catalogEntry } from './catalog.js';
import { prepareFaceModels, pruneCache, updateCache, type CacheResult } from './cache.js';
import { readTfjsModel } from './convert/tfjs-model.js';
import { censusOf } from './list-ops.js';
import { prepareOcrModels, pruneOcrFiles } from './ocr-files.js';
import { REPO_ROOT, faceImages, verifyModel, withinTolerance } from './verify.js';
import { FACE_MODELS_IN_USE } from '../pipeline/face/model-files.js';
import { modelsDir } from '../pipeline/model-dir.js';

const USAGE = 'usage: npm run models -- [convert|ops|verify] [model ids…]';

function report(results: readonly CacheResult[]): void {
  const io = (v: { name: string; shape: number[] }) => `${v.name}[${v.shape.join(',')}]`;
  for (const r of results) {
    console.log(`${r.id}: ${r.status} (${r.entry.output.bytes} bytes) ${r.entry.inputs.map(io).join(' ')} → ${r.entry.outputs.map(io).join(' ')}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const commands = ['convert', 'ops', 'verify'];
  const command = commands.includes(argv[0] ?? '') ? argv.shift()! : 'convert';
  if (argv.some((a) => a.startsWith('-'))) {
    console.error(USAGE);
    return 2;
  }

  if (command === 'convert') {
    report(await prepareFaceModels(argv.length > 0 ? argv : FACE_MODELS_IN_USE));
    if (argv.length === 0) {
      for (const f of await prepareOcrModels()) console.log(`ocr/${basename(f.path)}: ${f.made ? 'made' : 'up-to-date'}`);
      // The cache holds what the service runs alone: what a bench or a test converted beside is removed.
      for (const id of await pruneCache(modelsDir(), FACE_MODELS_IN_USE)) console.log(`${id}: removed (not run by the service)`);
      for (const name of await pruneOcrFiles()) console.log(`ocr/${name}: removed (not run by the service)`);
    }
    return 0;
  }

  const entries = argv.length > 0 ? argv.map(catalogEntry) : CATALOG;
  if (command === 'ops') {
    const pkgDir = dirname(createRequire(import.meta.url).resolve(`${SOURCE_PACKAGE}/package.json`));
    // face-api's weights have no graph to take a census of: their converter writes the layers out.
    for (const e of entries.filter((entry) => entry.format === undefined)) {
      const c = censusOf(await readTfjsModel(join(pkgDir, e.source)));
      console.log(`${e.id}: ${Object.entries(c.ops).map(([op, n]) => `${op}×${n}`).join(' ')}`);
      console.log(`  fused: ${c.fused.join(' ') || '-'}  padding: ${c.paddings.join(' ') || '-'}  weights: ${c.storage.join(' ')}`);
      console.log(`  unsupported: ${c.unsupported.join(' ') || 'none'}`);
    }
    return 0;
  }

  // verify: a scratch folder, so that the cache holds only what the service runs.
  const dir = await mkdtemp(join(tmpdir(), 'idv-models-verify-'));
  try {
    report(await updateCache(dir, entries));
    const images = faceImages(REPO_ROOT);
    if (images.note) console.log(images.note);
    let failed = false;
    for (const e of entries) {
      const parity = await verifyModel(e, join(dir, `${e.id}.onnx`), images.files);
      for (const o of parity.outputs) {
        const ok = withinTolerance(o);
        failed ||= !ok;
        console.log(`${e.id} ${o.name}: max |Δ| ${o.maxAbsDiff.toExponential(2)}, max |Δ|/max(1, max |y|) ${o.maxScaledDiff.toExponential(2)}`
          + ` (max |y| ${o.maxAbs.toPrecision(4)}, ${parity.images} images) ${ok ? 'ok' : 'FAIL'}`);
      }
    }
    return failed ? 1 : 0;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
}, (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
