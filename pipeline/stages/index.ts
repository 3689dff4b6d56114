/** The stage registry and runner; the front is read after the machine-readable part, to know what only it carries. */
import { performance } from 'node:perf_hooks';
import type { Job } from '../job.js';
import { aamva } from './aamva.js';
import { barcode } from './barcode.js';
import { face } from './face.js';
import { intakeFor } from './intake.js';
import { mrz } from './mrz.js';
import { ocr } from './ocr.js';
import { ocrLines } from './ocr-lines.js';
import type { Stage, StageName } from './stage.js';
import { verdict } from './verdict.js';

export interface StageTiming {
  stage: StageName;
  ms: number;
}

/** Readers in the order they run; intake is built in front of them from what they read. */
const VERIFY_READERS: readonly Stage[] = Object.freeze([barcode, aamva, mrz, ocr, face]);

export const PLANS = Object.freeze({
  verify: Object.freeze([intakeFor(VERIFY_READERS), ...VERIFY_READERS, verdict]),
  decodeBarcode: Object.freeze([intakeFor([barcode]), barcode, aamva]),
  readMrz: Object.freeze([intakeFor([mrz]), mrz]),
  ocrImage: Object.freeze([intakeFor([ocrLines]), ocrLines]),
  compareFaces: Object.freeze([intakeFor([face]), face]),
} satisfies Record<string, readonly Stage[]>);

export type PlanName = keyof typeof PLANS;

/** Runs a plan over a job; the timings are filled in even when a stage throws. */
export async function runPlan(plan: readonly Stage[], job: Job, timings: StageTiming[]): Promise<void> {
  for (const stage of plan) {
    if (!stage.applies(job)) continue;
    const started = performance.now();
    try {
      await stage.run(job);
    } finally {
      timings.push({ stage: stage.name, ms: Math.round((performance.now() - started) * 1000) / 1000 });
    }
  }
}
