/** What crosses to the pool's workers: plain data only (postMessage loses error classes, piscina #141), images transferable. */
import type { WireError } from '../common/errors.js';
import type { ImageQuality, Job, VerifyInput } from './job.js';
import type { PlanName, StageTiming } from './stages/index.js';

export interface Task {
  plan: PlanName;
  input: VerifyInput;
  /** Epoch ms after which the caller no longer waits: a worker that picks the task up late skips it. */
  deadline: number | null;
}

/** The parts of a finished job that the response needs (raw pixels and recogniser frames stay in the worker). */
export type JobOutput = Omit<Job, 'images' | 'input' | 'frontReadings'>;

export type TaskResult =
  | { ok: true; job: JobOutput; timings: StageTiming[] }
  /** `quality`: what intake measured before a reader failed (capture feedback of a reader error). */
  | { ok: false; error: WireError; timings: StageTiming[]; quality: ImageQuality[] };
