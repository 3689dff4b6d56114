/**
 * The Dockerfile (issue 34): hadolint finds nothing, and the file keeps its rules: Node 20 slim
 * stages, dependencies installed without devDependencies for the final stage, the models prepared
 * in the build stage and copied in ready, a numeric non-root user, a HEALTHCHECK that runs the
 * compiled check, `idv` as the entry point, and a build context that keeps host builds out.
 * No container builder runs here; image-layout.test.ts runs the final stage's files instead.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { copies, environment, execForm, instructions, readDockerfile } from './dockerfile.js';
import { ROOT, needs, run } from './tools.js';

const dockerfile = readDockerfile();
const final = dockerfile.stages.at(-1)!;
const byName = (name: string) => dockerfile.stages.find((s) => s.name === name)!;

t.test('hadolint finds nothing', { skip: needs('hadolint') }, async (t) => {
  const linted = run('hadolint', ['--no-color', path.join(ROOT, 'Dockerfile')]);
  t.equal(linted.code, 0, `hadolint exits 0${linted.stdout ? `:\n${linted.stdout}` : ''}`);
  t.equal(linted.stdout.trim(), '', 'with no finding');
});

t.test('every stage is Node 20 slim', async (t) => {
  t.ok(dockerfile.stages.length >= 3, 'build, deps and the final stage');
  for (const stage of dockerfile.stages) {
    const image = stage.image.replace(/^\$\{(\w+)\}$/, (_, name: string) => dockerfile.globalArgs[name] ?? '');
    t.match(image, /^node:20(\.[\d.]+)?-[a-z]+-slim$|^node:20(\.[\d.]+)?-slim$/, `${stage.name ?? 'final'} stage from ${image}`);
  }
});

t.test('the final stage has production dependencies and prepared models only', async (t) => {
  const deps = byName('deps');
  const build = byName('build');
  t.ok(instructions(deps, 'RUN').some((r) => /\bnpm ci\b.*--omit=dev/.test(r.args)), 'deps runs npm ci --omit=dev');
  const finalCopies = copies(final);
  t.same(finalCopies.filter((c) => c.sources.includes('/app/node_modules')).map((c) => c.from), ['deps'], 'node_modules come from deps alone');
  const buildRuns = instructions(build, 'RUN').map((r) => r.args).join(' && ');
  t.match(buildRuns, /npm run build.*npm run models/, 'the build stage compiles, then prepares the models (npm run models)');
  t.ok(finalCopies.some((c) => c.from === 'build' && c.sources.includes('/app/models/cache')), 'the prepared model cache is copied from the build stage');
  t.equal(environment(final).IDV_MODELS_DIR, '/app/models/cache', 'and is where the pipeline looks (IDV_MODELS_DIR)');
  t.notOk(finalCopies.some((c) => c.sources.some((s) => /dist\/(test|bench)\b|^\.$/.test(s))), 'no tests, benches or whole context in the image');
});

t.test('npm ci runs with the project\'s .npmrc (onnxruntime-node-install=skip: its install step downloads nothing)', async (t) => {
  for (const stage of dockerfile.stages) {
    const at = stage.instructions.findIndex((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
    if (at === -1) continue;
    const copied = copies({ ...stage, instructions: stage.instructions.slice(0, at) }).flatMap((c) => c.sources);
    t.ok(['package.json', 'package-lock.json', '.npmrc'].every((f) => copied.includes(f) || copied.includes('.')), `${stage.name}: package files and .npmrc copied before npm ci`);
  }
});

t.test('the final stage runs idv as a numeric non-root user, with a health check', async (t) => {
  const user = instructions(final, 'USER');
  t.equal(user.length, 1, 'one USER');
  const [uid, gid] = user[0]!.args.split(':').map(Number);
  t.ok(Number.isInteger(uid) && uid! > 0 && Number.isInteger(gid) && gid! > 0, `numeric and not root (${user[0]!.args}), so Kubernetes can check runAsNonRoot`);
  const last = final.instructions.at(-1)!;
  t.equal(last.keyword, 'CMD', 'nothing runs as root after USER but the entry point and command');
  t.same(execForm(instructions(final, 'ENTRYPOINT')[0]!.args), ['node', 'dist/server/cli.js'], 'the entry point is idv');
  t.equal(execForm(last.args)[0], 'serve', 'whose default command is serve');
  const healthcheck = instructions(final, 'HEALTHCHECK')[0]!.args;
  t.same(execForm(healthcheck), ['node', 'dist/server/container-health.js'], 'HEALTHCHECK runs the compiled check');
  t.match(healthcheck, /--start-period=\d+s/, 'after a start period (the pipeline checks its models first)');
  const dataDir = environment(final).IDV_DATA_DIR ?? '';
  t.ok(dataDir.startsWith('/') && !dataDir.startsWith('/app'), `the embedded store's folder (${dataDir}) is outside the read-only /app`);
  t.ok(instructions(final, 'RUN').some((r) => r.args.includes(`chown idv:idv ${dataDir}`)), 'and owned by the user, so a volume there starts writable');
});

t.test('the build context leaves host builds out', async (t) => {
  const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  for (const entry of ['node_modules', 'dist', 'models/cache', '.git', '.data']) t.ok(ignored.includes(entry), `.dockerignore has ${entry}`);
});
