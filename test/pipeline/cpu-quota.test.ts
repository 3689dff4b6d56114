/**
 * The pipeline sizes its threads on the container's CPU quota where that is below the machine's
 * cores (pipeline/cpu-quota.ts): a Kubernetes pod limited to 2 CPUs on a large node must run 2
 * workers with one onnxruntime thread each, not one a node core.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';
import { cgroupCores, cpuMaxCores, ownCgroups, quotaCores } from '../../pipeline/cpu-quota.js';

const CONFIG = fileURLToPath(new URL('../../pipeline/config.js', import.meta.url));
const V1_CPU = '/sys/fs/cgroup/cpu';

t.test('a quota becomes whole cores, rounded up; no quota is no limit', async (t) => {
  t.equal(quotaCores(200_000, 100_000), 2);
  t.equal(quotaCores(150_000, 100_000), 2, '1.5 CPUs: two threads');
  t.equal(quotaCores(50_000, 100_000), 1, 'half a CPU: still one');
  t.equal(quotaCores(-1, 100_000), undefined, "cgroup v1's -1");
  t.equal(cpuMaxCores('max 100000\n'), undefined, "cgroup v2's max");
  t.equal(cpuMaxCores('400000 100000\n'), 4);
  t.equal(cpuMaxCores('garbage'), undefined);
});

t.test("the process's own cgroup is read, else the mount's root", async (t) => {
  t.same(ownCgroups('0::/kubepods/pod1/c1\n'), { v2: '/kubepods/pod1/c1', v1cpu: undefined });
  t.same(ownCgroups('4:cpu,cpuacct:/docker/abc\n3:memory:/docker/abc\n'), { v2: undefined, v1cpu: '/docker/abc' });
  const root = mkdtempSync(path.join(tmpdir(), 'idv-cgroup-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  t.equal(cgroupCores(root, ''), undefined, 'no cgroup files: no limit');
  mkdirSync(path.join(root, 'cpu/docker/abc'), { recursive: true });
  writeFileSync(path.join(root, 'cpu/cpu.cfs_quota_us'), '-1\n');
  writeFileSync(path.join(root, 'cpu/cpu.cfs_period_us'), '100000\n');
  t.equal(cgroupCores(root, '4:cpu,cpuacct:/\n'), undefined, 'v1, unlimited');
  writeFileSync(path.join(root, 'cpu/docker/abc/cpu.cfs_quota_us'), '300000\n');
  writeFileSync(path.join(root, 'cpu/docker/abc/cpu.cfs_period_us'), '100000\n');
  t.equal(cgroupCores(root, '4:cpu,cpuacct:/docker/abc\n'), 3, "v1, the process's own cgroup");
  t.equal(cgroupCores(root, '4:cpu,cpuacct:/elsewhere\n'), undefined, "v1, an own path not mounted: the mount's root");
  mkdirSync(path.join(root, 'kubepods/c1'), { recursive: true });
  writeFileSync(path.join(root, 'kubepods/c1/cpu.max'), '200000 100000\n');
  t.equal(cgroupCores(root, '0::/kubepods/c1\n'), 2, 'v2 before v1');
  writeFileSync(path.join(root, 'cpu.max'), 'max 100000\n');
  t.equal(cgroupCores(root, '0::/\n'), undefined, 'v2 at the root: no limit');
});

/** A cgroup v1 CPU group of our own, where the machine lets us make one (root, v1 mounted). */
function makeV1Group(t: Test, cores: number): string | undefined {
  const dir = path.join(V1_CPU, `idv-test-${process.pid}`);
  try {
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(cores * 100_000));
  } catch {
    return undefined;
  }
  t.teardown(() => rmdirSync(dir));
  return dir;
}

t.test('in a real CPU-limited cgroup the pipeline sizes itself on the quota', async (t) => {
  if (availableParallelism() < 2) {
    t.plan(0, 'one core: a one-core quota would change nothing');
    return;
  }
  const group = makeV1Group(t, 1);
  if (group === undefined) {
    t.plan(0, `cannot make a cgroup v1 CPU group under ${V1_CPU} (not root, or cgroup v2): the quota's reading is checked on files above`);
    return;
  }
  const script = `const { loadPipelineConfig } = await import(${JSON.stringify(CONFIG)}); const c = loadPipelineConfig([], {}); console.log(JSON.stringify({ threads: c.threads, onnx: c.workerSettings.onnxThreads }));`;
  const { stdout } = await promisify(execFile)('sh', ['-c', `echo $$ > ${group}/cgroup.procs && exec "${process.execPath}" --input-type=module -e '${script}'`]);
  t.same(JSON.parse(stdout), { threads: 1, onnx: 1 }, `one worker and one onnxruntime thread in a one-CPU group on ${availableParallelism()} cores`);
});
