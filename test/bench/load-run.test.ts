/**
 * The load bench end to end, in quick mode with one short step: it builds the bodies, starts the
 * real service as processes (idv keys create, idv serve with its pipeline child), drives it with
 * autocannon and writes its JSON. Figures are not judged here (speed belongs in bench output);
 * the shape is, and that verifications were answered and counted.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t from 'tap';

const RUNNER = fileURLToPath(new URL('../../bench/run.js', import.meta.url));
/** One short step keeps the file under the 30 s a test file may take, long enough that a busy machine still answers in it. */
const STEP_SECONDS = 4;

t.test('the quick load bench drives the real service and writes its figures', async (t) => {
  const out = await mkdtemp(path.join(os.tmpdir(), 'idv-load-bench-'));
  t.teardown(() => rm(out, { recursive: true, force: true }));
  const { stdout } = await promisify(execFile)(process.execPath, [RUNNER, 'load', '--quick', '--duration', String(STEP_SECONDS), '--concurrency', '1'], {
    env: { ...process.env, IDV_BENCH_OUT: out, IDV_PIPELINE_THREADS: '1', IDV_BENCH_URL: '', IDV_BENCH_KEY: '' },
    timeout: 100_000,
  });
  t.match(stdout, /POST \/api\/Verify under load/, 'the table is printed');
  const result = JSON.parse(await readFile(path.join(out, 'load-steps-mixed-quick-latest.json'), 'utf8'));

  t.equal(result.meta.mode, 'steps');
  t.equal(result.meta.variant, 'steps-mixed-quick', 'saved under its variant, compared only with its kind');
  t.equal(result.meta.quick, true);
  t.equal(result.meta.bodies.length, 4, 'the quick mix has four bodies');
  t.ok(result.meta.bodies.some((body: { kind: string }) => body.kind === 'licence-full'), 'licences are in the mix');
  t.same(result.meta.warmUp, { 200: 4 }, 'every body was verified once before the steps');

  t.equal(result.steps.length, 1);
  const [step] = result.steps;
  t.equal(step.connections, 1);
  t.equal(step.durationSeconds, STEP_SECONDS);
  t.ok(step.byStatus['200'] >= 1, `verifications were answered (${JSON.stringify(step.byStatus)})`);
  t.equal(step.byCode.OK, step.byStatus['200'], 'every 200 is counted as OK');
  t.ok(step.verificationsPerSecond > 0);
  t.equal(step.verificationsPerSecond, Math.round((step.byStatus['200'] / STEP_SECONDS) * 100) / 100);
  for (const figure of ['p50', 'p95', 'p99']) t.ok(step.verificationLatencyMs[figure] > 0, `latency ${figure}`);
  t.ok(step.verificationLatencyMs.p50 <= step.verificationLatencyMs.p99);
  for (const role of ['frontDoor', 'pipeline']) {
    const memory = step.memory[role];
    t.ok(memory?.peakRssMb > 0, `${role} memory was sampled`);
    t.ok(memory.hwmMb >= memory.peakRssMb, `${role} VmHWM is at least the sampled peak`);
  }
  t.type(result.target.met, 'boolean');
  t.equal(result.target.licencesPerSecond, 2);
  // With IDV_BENCH_OUT set, the figures go beside the results, never into the checkout's docs/figures.md.
  const figures = await readFile(path.join(out, 'figures.md'), 'utf8');
  t.match(figures, `| load | partial (quick): steps of ${STEP_SECONDS} s at 1 connections, mixed bodies; IDV_PIPELINE_THREADS=1 |`, 'a quick run\'s row is marked partial');
  t.match(figures, `IDV_PIPELINE_THREADS=1 npm run bench -- load --quick --duration ${STEP_SECONDS} --concurrency 1 |`, 'with the command that made it');
});
