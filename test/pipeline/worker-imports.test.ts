/**
 * What a pipeline worker loads: the modules its compiled code imports statically, followed from
 * worker.js and the recogniser's helper thread. The converter tooling (models/: fold, quantise,
 * the TF.js converter) and onnx-proto make the model files once (pipeline/ocr/model-cache.ts,
 * pipeline/face/convert-models.ts) and are imported dynamically only where a file is missing: a
 * worker that finds its files made never loads them.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../../', import.meta.url));
/** Static imports and re-exports of an ES module; `import(…)` is left out on purpose. */
const STATIC = /(?:^|\n)\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;

/** Every module reached from `entries` by static imports: project files (relative to dist/) and packages. */
function staticGraph(entries: readonly string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC)) {
      if (spec!.startsWith('.')) visit(resolve(dirname(file), spec!));
      else packages.add(spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!);
    }
  };
  for (const entry of entries) visit(resolve(DIST, entry));
  return { files: new Set([...files].map((f) => relative(DIST, f))), packages };
}

t.test('a worker imports neither the converter tooling of models/ nor onnx-proto', async (t) => {
  const { files, packages } = staticGraph(['pipeline/worker.js', 'pipeline/ocr/recognizer-thread.js']);
  t.ok(files.has('pipeline/ocr/model-cache.js'), 'the graph is followed (it reaches the OCR model cache)');
  t.ok(packages.has('onnxruntime-node'), 'and onnxruntime');
  t.same([...files].filter((f) => f.startsWith('models/')), [], 'no module of models/');
  t.notOk(packages.has('onnx-proto'), 'no onnx-proto');
});
