/**
 * The load bench (`npm run bench -- load [--quick] [--duration S] [--concurrency 1,2,4]
 * [--mix mixed|licence] [--soak S]`): the real service as separate processes, driven over HTTP.
 *
 *   buildBodies (seeded specimens), while startService: idv keys create, idv serve (+ pipeline child)
 *     ─► warm-up (each body once) ─► steps: drain, then autocannon at each concurrency for S seconds
 *        (memory of both processes sampled meanwhile) ─► table + JSON (load-<variant>-latest.json)
 *
 * Soak mode runs one concurrency for S seconds and keeps the memory samples, so growth shows.
 * Options: bench/load/options.ts; figures: bench/load/summary.ts; docs/bench.md.
 */
import { performance } from 'node:perf_hooks';
import { round } from '../report.js';
import { buildBodies, LOAD_SEED, type LoadBody } from './bodies.js';
import { drain } from './drain.js';
import { runStep } from './drive.js';
import { startMemorySampler } from './memory.js';
import { loadOptions, type LoadOptions } from './options.js';
import { printLoad } from './print.js';
import type { LoadResult } from './result.js';
import { externalService, startService, type ServiceUnderLoad } from './service.js';
import { summariseStep, type StepSummary } from './summary.js';
import { judgeTarget } from './target.js';

/** Memory is sampled this often during steps, and during a soak. */
const STEP_SAMPLE_MS = 1_000;
const SOAK_SAMPLE_MS = 5_000;
/** Warm-up requests in flight at once: enough to reach every worker of a pipeline on a small host. */
const WARM_UP_LANES = 4;

/**
 * Sends each body once, a few at a time, so that model loading and first-call costs stay out of
 * the steps. Several at once: every pool worker loads its models on its first task, and one at a
 * time would warm only the first worker.
 */
async function warmUp(service: ServiceUnderLoad, bodies: readonly LoadBody[]): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  const queue = [...bodies];
  const lane = async (): Promise<void> => {
    for (let body = queue.shift(); body !== undefined; body = queue.shift()) {
      const response = await fetch(`${service.url}/api/Verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${service.key}` },
        body: body.json,
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: WARM_UP_LANES }, lane));
  return statuses;
}

async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  // The bodies are built while the service starts: both take seconds, and neither needs the other.
  const [built, starting] = await Promise.allSettled([
    buildBodies(options.quick, options.mix === 'licence').then((bodies) => {
      process.stderr.write(`load: ${bodies.length} bodies built in ${round((performance.now() - started) / 1000, 1)} s\n`);
      return bodies;
    }),
    options.target === null ? startService() : Promise.resolve(externalService(options.target)),
  ]);
  if (starting.status === 'rejected') throw starting.reason;
  const service = starting.value;
  if (built.status === 'rejected') {
    await service.close();
    throw built.reason;
  }
  const bodies = built.value;
  const sampler = startMemorySampler({ frontDoor: service.frontDoorPid, pipeline: service.pipelinePid },
    options.soakSeconds === null ? STEP_SAMPLE_MS : SOAK_SAMPLE_MS);
  try {
    const warmUpStatuses = await warmUp(service, bodies);
    const steps: StepSummary[] = [];
    const durations = options.soakSeconds === null ? options.concurrency.map(() => options.durationSeconds) : [options.soakSeconds];
    let soak: LoadResult['soak'];
    for (const [index, connections] of options.concurrency.entries()) {
      process.stderr.write(`load: ${connections} connection(s) for ${durations[index]} s\n`);
      await drain(service.url, steps.at(-1)?.latencyMs.max ?? 0);
      sampler.reset();
      const run = await runStep(service.url, service.key, bodies, connections, durations[index]!);
      sampler.sample();
      const memory = sampler.series();
      steps.push(summariseStep(run, memory));
      if (options.soakSeconds !== null) {
        soak = Object.fromEntries(Object.entries(memory).map(([role, { firstCpu: _firstCpu, ...series }]) => [role, series]));
      }
    }
    return {
      meta: {
        date: new Date().toISOString(),
        quick: options.quick,
        mix: options.mix,
        seed: LOAD_SEED,
        bodies: bodies.map(({ kind, specimen, json }) => ({ kind, specimen, kib: Math.round(json.length / 1024) })),
        service: options.target === null ? 'started: idv serve on the embedded store, its pipeline child' : options.target.url,
        pipelineThreads: process.env.IDV_PIPELINE_THREADS ?? 'default (cores)',
        warmUp: warmUpStatuses,
        mode: options.soakSeconds === null ? 'steps' : 'soak',
        // Results are saved and compared per variant: a soak is never diffed against a step run.
        variant: `${options.soakSeconds === null ? 'steps' : 'soak'}-${options.mix}${options.quick ? '-quick' : ''}`,
        wallSeconds: round((performance.now() - started) / 1000, 1),
      },
      steps,
      target: judgeTarget(steps),
      ...(soak === undefined ? {} : { soak }),
    };
  } catch (error) {
    const tail = service.logTail();
    if (tail !== '') process.stderr.write(`load: the service's last log lines:\n${tail}\n`);
    throw error;
  } finally {
    sampler.stop();
    await service.close();
  }
}

/** The suite as the bench runner calls it. */
export async function benchLoad(options: { quick: boolean; args: readonly string[] }): Promise<LoadResult> {
  const result = await runLoad(loadOptions(options.args, options.quick));
  printLoad(result);
  return result;
}
