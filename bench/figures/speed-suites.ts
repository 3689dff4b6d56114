/**
 * The headline figures of the timing suites (stages, load, data-protection), from their results:
 * what docs/bench.md calls each one's targets and headline.
 */
import type { DataProtectionBenchResult } from '../data-protection.bench.js';
import { ITERATIONS } from '../data-protection.bench.js';
import type { LoadResult } from '../load/result.js';
import type { StagesResult } from '../pipeline.bench.js';
import { ms, p50p95 } from './format.js';
import type { SuiteFigures } from './row.js';

/** Per case, the target's stage (end to end where it has none) at one request at a time and at the pool's width. */
export function stagesFigures(result: StagesResult): SuiteFigures {
  const { threads, quick, reference } = result.meta;
  const cases = Object.entries(result.cases).map(([name, { target, runs }]) => {
    const stage = target?.stage ?? 'end-to-end';
    const at = runs.map((run) => {
      const q = stage === 'end-to-end' ? run : (run.stages[stage] ?? { p50: '–', p95: '–' });
      return `${q.p50}/${q.p95}`;
    });
    const met = target === null ? '' : `, target p50 ≤ ${target.p50Ms} ms ${runs.every((run) => run.met === true) ? 'met' : 'missed'}`;
    return `${name}: ${stage} p50/p95 ${at.join(' and ')} ms${met}`;
  });
  const requests = result.cases[Object.keys(result.cases)[0] ?? '']?.runs[0]?.requests ?? 0;
  return {
    run: `${requests} requests a case, one at a time and ${threads} at a time`,
    partial: quick ? 'quick' : null,
    rows: [{ set: 'bench fixtures: seed 1500 specimens at 1500 px (speed)', figures: cases.join('; ') }],
    machine: `machine reference detector ${reference.before.detectorMs} → ${reference.after.detectorMs} ms, warp ${reference.before.warpMs} → ${reference.after.warpMs} ms`,
  };
}

/** Steps: each step's rate and latency, and the target; a soak: its one step with the memory before and after. */
export function loadFigures(result: LoadResult): SuiteFigures {
  const { mode, mix, quick } = result.meta;
  const rss = (step: LoadResult['steps'][number]): string => Object.entries(step.memory)
    .map(([role, m]) => `${role} RSS ${m.firstRssMb} → ${m.lastRssMb} MiB (peak ${m.peakRssMb})`).join(', ');
  const cpu = (step: LoadResult['steps'][number]): string => Object.entries(step.cpuMsPerAnswer)
    .map(([role, value]) => `${role} ${value ?? '–'}`).join(', ');
  const stepText = (step: LoadResult['steps'][number]): string =>
    `${step.connections} connections: ${step.verificationsPerSecond} verifications/s, p50/p95/p99 ${step.latencyMs.p50}/${step.latencyMs.p95}/${step.latencyMs.p99} ms, answers ${Object.entries(step.byStatus).map(([status, n]) => `${n} × ${status}`).join(', ')}`;
  const first = result.steps[0];
  const run = mode === 'soak'
    ? `soak of ${first?.durationSeconds ?? '–'} s at ${first?.connections ?? '–'} connections, ${mix} bodies`
    : `steps of ${first?.durationSeconds ?? '–'} s at ${result.steps.map((s) => s.connections).join(', ')} connections, ${mix} bodies`;
  const { target } = result;
  const targetText = `target ${target.licencesPerSecond} licences/s at p95 ≤ ${target.p95Ms} ms ${target.met ? 'met' : 'missed'}`
    + (target.bestStep === null ? '' : ` (best: ${target.bestStep.licencesPerSecond}/s at ${target.bestStep.connections} connections, p95 ${ms(target.bestStep.licenceP95Ms)})`);
  const figures = mode === 'soak' && first !== undefined
    ? `${Object.values(first.byStatus).reduce((a, b) => a + b, 0)} answers; ${stepText(first)}; ${rss(first)}; CPU ms an answer ${cpu(first)}`
    : `${result.steps.map(stepText).join('; ')}; ${targetText}`;
  return { run, partial: quick ? 'quick' : null, rows: [{ set: `corpus specimens of seed ${String(result.meta.seed)} (speed)`, figures }] };
}

export function dataProtectionFigures(result: DataProtectionBenchResult): SuiteFigures {
  const { sealAndOpenMs, target, meta } = result;
  const kB = Object.values(meta.bytes).reduce((a, b) => a + b, 0) / 1000;
  return {
    run: `${meta.iterations} runs after 10 of warm-up`,
    partial: meta.iterations < ITERATIONS.full ? 'quick' : null,
    rows: [{
      set: `random payloads of ${kB} kB (speed)`,
      figures: `seal and open one verification ${p50p95(sealAndOpenMs)}, max ${sealAndOpenMs.max} ms; target p50 ≤ ${target.p50Ms} ms ${target.met ? 'met' : 'missed'}`,
    }],
  };
}
