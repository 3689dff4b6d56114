/** The pool's worker: one task's plan over a fresh job; models load once per worker; every outcome returns as plain data. */
import { CodedError } from '../common/errors.js';
import { newJob } from './job.js';
import { countedAsRunning } from './pool-load.js';
import { PLANS, runPlan, type StageTiming } from './stages/index.js';
import type { Task, TaskResult } from './tasks.js';

export default function runTask(task: Task): Promise<TaskResult> {
  return countedAsRunning(() => run(task));
}

async function run(task: Task): Promise<TaskResult> {
  const timings: StageTiming[] = [];
  if (task.deadline !== null && Date.now() > task.deadline) {
    return { ok: false, error: { code: 'ServiceUnavailable', message: 'The deadline passed while the task was queued.' }, timings, quality: [] };
  }
  const job = newJob(task.input);
  try {
    await runPlan(PLANS[task.plan], job, timings);
    const { images: _images, input: _input, frontReadings: _readings, ...output } = job;
    return { ok: true, job: output, timings };
  } catch (error) {
    const coded = error instanceof CodedError ? error : CodedError.fromWire(error);
    return { ok: false, error: coded.toWire(), timings, quality: job.quality };
  }
}
