/**
 * The client package needs nothing beyond the platform: its built files import only one another
 * (the OpenAPI types are erased), use no Node globals, and its own build compiles against the
 * browser's lib (fetch, Web Crypto) with no Node types at all. Its package.json declares no
 * dependencies.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BUILT = fileURLToPath(new URL('../../client/src/', import.meta.url));
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module specifier of the .js files in `folder`, with the file that names it. */
function specifiers(folder: string): { file: string; spec: string }[] {
  return readdirSync(folder).filter((name) => name.endsWith('.js')).flatMap((file) =>
    [...readFileSync(path.join(folder, file), 'utf8').matchAll(IMPORT)].map((m) => ({ file, spec: (m[1] ?? m[2])! })));
}

function checkSelfContained(t: Test, folder: string): void {
  const files = readdirSync(folder).filter((name) => name.endsWith('.js'));
  t.ok(files.includes('index.js'), `${folder} holds the built client`);
  for (const { file, spec } of specifiers(folder)) {
    t.ok(/^\.\/[a-z-]+\.js$/.test(spec) && files.includes(spec.slice(2)), `${file} imports ${spec}: a file of the client`);
  }
  for (const file of files) {
    // Comments may name Node things (a Buffer is a Uint8Array); only the code counts.
    const code = readFileSync(path.join(folder, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    t.notMatch(code, /\brequire\s*\(|\bprocess\.|\bBuffer\b|['"]node:/, `${file} uses no Node API`);
  }
}

t.test('the client built by the repository imports only its own files', async (t) => {
  checkSelfContained(t, BUILT);
});

t.test('the package builds against the browser lib alone, into a self-contained dist', async (t) => {
  const out = await mkdtemp(path.join(os.tmpdir(), 'idv-client-build-'));
  t.teardown(() => rm(out, { recursive: true, force: true }));
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  await promisify(execFile)(process.execPath, [tsc, '-p', path.join(ROOT, 'client/tsconfig.json'), '--outDir', out]);
  checkSelfContained(t, path.join(out, 'client/src'));
  t.ok(existsSync(path.join(out, 'client/src/index.d.ts')), 'with declarations');
  t.match(readFileSync(path.join(out, 'common/api-types.js'), 'utf8'), /^export \{\};/, 'the OpenAPI types emit no code');
  t.ok(existsSync(path.join(out, 'common/api-types.d.ts')), 'and their declarations sit inside the package');
});

t.test('client/package.json: idv-client, ESM, no dependencies, exports its build', async (t) => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'client/package.json'), 'utf8'));
  t.equal(pkg.name, 'idv-client');
  t.equal(pkg.type, 'module');
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies']) t.notOk(field in pkg, `no ${field}`);
  t.same(pkg.exports['.'], { types: './dist/client/src/index.d.ts', default: './dist/client/src/index.js' });
});
