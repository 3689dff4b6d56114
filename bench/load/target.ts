/**
 * The throughput target of the reliability issue: at least 2 full licence verifications
 * (type 1: front, back, selfie) a second, sustained, with their p95 latency at most 2 s.
 * A step meets it when both hold for the successful licence answers of that step; the result names the
 * best such step. Under the mixed bodies only half the work is licences, so a mixed run
 * understates licence capacity: run `--mix licence` to judge the target.
 */
import type { StepSummary } from './summary.js';

export const TARGET = Object.freeze({ licencesPerSecond: 2, p95Ms: 2_000 });

export interface TargetJudgement {
  licencesPerSecond: number;
  p95Ms: number;
  met: boolean;
  /** The step with the most licence verifications a second whose licence p95 is within the bound. */
  bestStep: { connections: number; licencesPerSecond: number; licenceP95Ms: number | null } | null;
}

export function judgeTarget(steps: readonly StepSummary[]): TargetJudgement {
  let best: TargetJudgement['bestStep'] = null;
  for (const step of steps) {
    const p95 = step.byKind['licence-full']?.okLatencyMs.p95 ?? null;
    if (p95 === null || p95 > TARGET.p95Ms) continue;
    if (best === null || step.licenceVerificationsPerSecond > best.licencesPerSecond) {
      best = { connections: step.connections, licencesPerSecond: step.licenceVerificationsPerSecond, licenceP95Ms: p95 };
    }
  }
  return { ...TARGET, met: best !== null && best.licencesPerSecond >= TARGET.licencesPerSecond, bestStep: best };
}
