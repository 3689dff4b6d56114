/** The load bench's readable output: one row per step, then memory, the target and (soak) growth. */
import { printTable } from '../report.js';
import type { LoadResult } from './result.js';

const codes = (counts: Record<string, number>): string =>
  Object.entries(counts).map(([code, n]) => `${code}:${n}`).join(' ') || '-';
const ms = (value: number | null): string => (value === null ? '-' : String(value));
const mb = (value: number | null | undefined): string => (value === null || value === undefined ? '-' : value.toFixed(0));

export function printLoad(result: LoadResult): void {
  printTable(`POST /api/Verify under load (${result.meta.mix} bodies; latency ms of every answer)`, result.steps.map((step) => ({
    conns: step.connections,
    's': step.durationSeconds,
    'req/s': step.requestsPerSecond.toFixed(2),
    'ok/s': step.verificationsPerSecond.toFixed(2),
    'licence ok/s': step.licenceVerificationsPerSecond.toFixed(2),
    p50: ms(step.latencyMs.p50),
    p95: ms(step.latencyMs.p95),
    p99: ms(step.latencyMs.p99),
    status: codes(step.byStatus),
    codes: codes(step.byCode),
    '503 w/ Retry-After': `${step.serviceUnavailable.withRetryAfter}/${step.serviceUnavailable.count}`,
    'conn err': step.connectionErrors,
  })));
  printTable('Per body kind (ok answers / answers, latency ms of ok answers)', result.steps.flatMap((step) =>
    Object.entries(step.byKind).map(([kind, figures]) => ({
      conns: step.connections,
      kind,
      ok: `${figures.ok}/${figures.answers}`,
      p50: ms(figures.okLatencyMs.p50),
      p95: ms(figures.okLatencyMs.p95),
      p99: ms(figures.okLatencyMs.p99),
      codes: codes(figures.codes),
    }))));
  printTable('Processes per step: resident memory, MiB (first, last, peak sampled; VmHWM = the process peak so far) and CPU', result.steps.flatMap((step) =>
    Object.entries(step.memory).map(([role, memory]) => ({
      conns: step.connections,
      process: role,
      first: mb(memory.firstRssMb),
      last: mb(memory.lastRssMb),
      peak: mb(memory.peakRssMb),
      VmHWM: mb(memory.hwmMb),
      'cpu s': memory.cpuSeconds === null ? '-' : memory.cpuSeconds.toFixed(1),
      'cpu ms/answer': ms(step.cpuMsPerAnswer[role] ?? null),
    }))));
  if (result.soak !== undefined) {
    printTable('Soak: resident memory, MiB (growth = last − first)', Object.entries(result.soak).map(([role, series]) => ({
      process: role,
      first: mb(series.firstRssMb),
      last: mb(series.lastRssMb),
      peak: mb(series.peakRssMb),
      growth: series.firstRssMb === null || series.lastRssMb === null ? '-' : (series.lastRssMb - series.firstRssMb).toFixed(0),
      VmHWM: mb(series.hwmMb),
      'RSS each minute': series.samples.filter((_, i) => i % 12 === 0).map((sample) => sample.rssMb.toFixed(0)).join(' '),
    })));
  }
  const { target } = result;
  const best = target.bestStep;
  console.log(`\ntarget ≥ ${target.licencesPerSecond} licence verifications/s with p95 ≤ ${target.p95Ms} ms: ${target.met ? 'met' : 'NOT met'}`
    + (best === null ? ' (no step kept licence p95 within the bound)' : ` (best: ${best.licencesPerSecond}/s at ${best.connections} connection(s), p95 ${best.licenceP95Ms} ms)`)
    + (result.meta.mix === 'mixed' ? '; mixed bodies are half licences: judge with --mix licence' : ''));
}
