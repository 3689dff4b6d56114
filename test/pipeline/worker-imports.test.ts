/**
 * What a pipeline worker loads: the modules its compiled code imports statically, followed from
 * worker.js and the recogniser's helper thread. The model tooling (model-build/: fold, keep-classes,
 * the TF.js converter) and onnx-proto prepare the model files before the service runs
 * (`npm run models`); a worker only checks them, and loads neither. test/deploy/no-tooling.test.ts
 * holds every module of the service to the same, dynamic imports included.
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

t.test('a worker imports neither the model tooling of model-build/ nor onnx-proto', async (t) => {
  const { files, packages } = staticGraph(['pipeline/worker.js', 'pipeline/ocr/recognizer-thread.js']);
  t.ok(files.has('pipeline/ocr/model-cache.js'), 'the graph is followed (it reaches the OCR model cache)');
  t.ok(packages.has('onnxruntime-node'), 'and onnxruntime');
  t.same([...files].filter((f) => f.startsWith('model-build/')), [], 'no module of model-build/');
  t.notOk(packages.has('onnx-proto'), 'no onnx-proto');
});
