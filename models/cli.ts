/**
 * `npm run models [-- <command>] [ids…]`: the models' build step.
 *
 *   convert (default)  TF.js graph models from node_modules → <cache>/<id>.onnx + manifest.json;
 *                      without ids, also the OCR models as the readers run them → <cache>/ocr/
 *                      (folded, narrowed, int8: pipeline/ocr/model-cache.ts)
 *   ops                op census of each source model and what the converter lacks
 *   verify             ONNX (onnxruntime) vs TF.js (CPU) on real face photos; needs devDependencies
 *
 * The cache is models/cache/ unless IDV_MODELS_DIR names another folder. Nothing is downloaded.
 */
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { CATALOG, SOURCE_PACKAGE, catalogEntry } from './catalog.js';
import { DEFAULT_CACHE_DIR, updateCache } from './cache.js';
import { readTfjsModel } from './convert/tfjs-model.js';
import { censusOf } from './list-ops.js';
import { prepareOcrModels } from '../pipeline/ocr/prepare-models.js';
import { REPO_ROOT, faceImages, verifyModel, withinTolerance } from './verify.js';

const USAGE = 'usage: npm run models -- [convert|ops|verify] [model ids…]';

async function main(argv: string[]): Promise<number> {
  const commands = ['convert', 'ops', 'verify'];
  const command = commands.includes(argv[0] ?? '') ? argv.shift()! : 'convert';
  if (argv.some((a) => a.startsWith('-'))) {
    console.error(USAGE);
    return 2;
  }
  const entries = argv.length > 0 ? argv.map(catalogEntry) : CATALOG;
  const dir = process.env.IDV_MODELS_DIR || DEFAULT_CACHE_DIR;

  if (command === 'ops') {
    const pkgDir = dirname(createRequire(import.meta.url).resolve(`${SOURCE_PACKAGE}/package.json`));
    for (const e of entries) {
      const c = censusOf(await readTfjsModel(join(pkgDir, e.source)));
      console.log(`${e.id}: ${Object.entries(c.ops).map(([op, n]) => `${op}×${n}`).join(' ')}`);
      console.log(`  fused: ${c.fused.join(' ') || '-'}  padding: ${c.paddings.join(' ') || '-'}  weights: ${c.storage.join(' ')}`);
      console.log(`  unsupported: ${c.unsupported.join(' ') || 'none'}`);
    }
    return 0;
  }

  for (const r of await updateCache(dir, entries)) {
    const io = (v: { name: string; shape: number[] }) => `${v.name}[${v.shape.join(',')}]`;
    console.log(`${r.id}: ${r.status} (${r.entry.output.bytes} bytes) ${r.entry.inputs.map(io).join(' ')} → ${r.entry.outputs.map(io).join(' ')}`);
  }
  if (argv.length === 0) {
    for (const f of await prepareOcrModels()) console.log(`ocr/${basename(f.path)}: ${f.made ? 'made' : 'up-to-date'}`);
  }
  if (command !== 'verify') return 0;

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
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
}, (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
