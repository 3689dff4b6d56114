/**
 * Turns a step's answers into the figures the load bench reports: throughput, latency
 * percentiles, counts by HTTP status and by error code, the same per body kind, and the memory
 * of each process over the step.
 */
import { percentile, round } from '../report.js';
import type { BodyKind } from './bodies.js';
import type { Answer, StepRun } from './drive.js';
import type { MemorySeries } from './memory.js';

export interface LatencySummary {
  n: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

export interface StepSummary {
  connections: number;
  durationSeconds: number;
  /** Answers of any status per second. */
  requestsPerSecond: number;
  /** 2xx answers (a verification result) per second. */
  verificationsPerSecond: number;
  /** Full licence verifications (type 1, front + back + selfie) answered 2xx per second. */
  licenceVerificationsPerSecond: number;
  /** Latency of every answer, ms. */
  latencyMs: LatencySummary;
  /** Latency of 2xx answers only, ms. */
  verificationLatencyMs: LatencySummary;
  byStatus: Record<string, number>;
  byCode: Record<string, number>;
  /** 503 answers that carried Retry-After, of all 503 answers. */
  serviceUnavailable: { count: number; withRetryAfter: number };
  /** Per body kind: answers, 2xx answers, latency of all and of 2xx answers, codes. */
  byKind: Partial<Record<BodyKind, { answers: number; ok: number; latencyMs: LatencySummary; okLatencyMs: LatencySummary; codes: Record<string, number> }>>;
  connectionErrors: number;
  timeouts: number;
  unanswered: number;
  /** Per process role (frontDoor, pipeline): first, last and peak sampled RSS and VmHWM, MiB; CPU seconds over the step. */
  memory: Record<string, Omit<MemorySeries, 'samples' | 'firstCpu'>>;
  /** CPU milliseconds each process spent per answer of the step (all answers, errors included). */
  cpuMsPerAnswer: Record<string, number | null>;
}

export function latency(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return { n: 0, p50: null, p95: null, p99: null, max: null };
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50), 0),
    p95: round(percentile(sorted, 95), 0),
    p99: round(percentile(sorted, 99), 0),
    max: round(sorted[sorted.length - 1]!, 0),
  };
}

function count<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

const isOk = (answer: Answer): boolean => answer.status >= 200 && answer.status < 300;

/** Memory series without the raw samples (a soak keeps its samples at the top level of its result). */
export function memoryFigures(series: Record<string, MemorySeries>): Record<string, Omit<MemorySeries, 'samples' | 'firstCpu'>> {
  return Object.fromEntries(Object.entries(series).map(([role, { samples: _samples, firstCpu: _firstCpu, ...figures }]) => [role, figures]));
}

export function summariseStep(run: StepRun, memory: Record<string, MemorySeries>): StepSummary {
  const { answers } = run;
  const ok = answers.filter(isOk);
  const perSecond = (n: number): number => round(n / run.durationSeconds, 2);
  const kinds = [...new Set(answers.map((answer) => answer.kind))].sort();
  const unavailable = answers.filter((answer) => answer.status === 503);
  return {
    connections: run.connections,
    durationSeconds: run.durationSeconds,
    requestsPerSecond: perSecond(answers.length),
    verificationsPerSecond: perSecond(ok.length),
    licenceVerificationsPerSecond: perSecond(ok.filter((answer) => answer.kind === 'licence-full').length),
    latencyMs: latency(answers.map((answer) => answer.ms)),
    verificationLatencyMs: latency(ok.map((answer) => answer.ms)),
    byStatus: count(answers, (answer) => String(answer.status)),
    byCode: count(answers, (answer) => answer.code),
    serviceUnavailable: { count: unavailable.length, withRetryAfter: unavailable.filter((answer) => answer.retryAfter).length },
    byKind: Object.fromEntries(kinds.map((kind) => {
      const own = answers.filter((answer) => answer.kind === kind);
      return [kind, {
        answers: own.length,
        ok: own.filter(isOk).length,
        latencyMs: latency(own.map((answer) => answer.ms)),
        okLatencyMs: latency(own.filter(isOk).map((answer) => answer.ms)),
        codes: count(own, (answer) => answer.code),
      }];
    })),
    connectionErrors: run.errors,
    timeouts: run.timeouts,
    unanswered: run.unanswered,
    memory: memoryFigures(memory),
    cpuMsPerAnswer: Object.fromEntries(Object.entries(memory).map(([role, figures]) => [
      role, figures.cpuSeconds === null || answers.length === 0 ? null : round((figures.cpuSeconds * 1000) / answers.length, 0),
    ])),
  };
}
