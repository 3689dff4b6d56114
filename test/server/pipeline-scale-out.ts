/**
 * Scale-out: one front door in front of two real pipeline processes (`serve --pipeline a,b`)
 * spreads verifications over both (grpc-js round_robin), and when one pipeline stops mid-run the
 * stream goes on: no request fails except those in flight at that moment (and those are retried
 * on the other pipeline, so normally none fails at all).
 *
 * Which pipeline served is read from the processes themselves: a pipeline that verified licences
 * has spent seconds of CPU (each one is OCR of a front), an idle one a few hundredths.
 *
 * Shared by pipeline-scale-out-sigterm.test.ts and pipeline-scale-out-sigkill.test.ts, one file
 * per way of stopping (each starts two pipelines and a front door: 25 s of CPU), so that each file
 * runs under 30 s on an idle two-core machine.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { licenceBody } from './fixtures.js';
import { httpCall, startServer, type ServerUnderTest } from './helper.js';

const PIPELINE_MAIN = fileURLToPath(new URL('../../pipeline/main.js', import.meta.url));
/** CPU seconds a pipeline must have spent to count as having served verifications. */
const SERVED_CPU_SECONDS = 1;

export interface Pipeline {
  address: string;
  child: ChildProcess;
}

/** A real pipeline process on a free loopback port, one worker thread. */
export async function startPipeline(t: Test): Promise<Pipeline> {
  const child = fork(PIPELINE_MAIN, ['--host', '127.0.0.1', '--port', '0', '--threads', '1'], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    execArgv: [],
  });
  child.stdout!.resume();
  child.stderr!.resume();
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.on('message', (message: { type?: string; address?: string }) => {
      if (message?.type === 'listening' && typeof message.address === 'string') resolve(message.address);
    });
    child.once('exit', (code, signal) => reject(new Error(`pipeline exited before listening (${code ?? signal})`)));
  });
  return { address, child };
}

/** User + system CPU seconds of a process (all its threads), from /proc/<pid>/stat (USER_HZ = 100). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Sent {
  started: number;
  ended: number;
  status: number;
  code: string | undefined;
}

/** Keeps `lanes` verifications in flight until `done()` says stop; records every answer. */
function stream(server: ServerUnderTest, body: unknown, lanes: number, records: Sent[], done: () => boolean): Promise<void> {
  const lane = async (): Promise<void> => {
    while (!done()) {
      const started = performance.now();
      const answer = await server.call('POST', '/api/Verify', { key: server.keys.secretA, json: body });
      records.push({ started, ended: performance.now(), status: answer.status, code: answer.body?.code });
    }
  };
  return Promise.all(Array.from({ length: lanes }, lane)).then(() => undefined);
}

/** Waits until the front door at `url` answers /ready with 200 (its pipelines and store up). */
export async function untilReady(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await httpCall(url, 'GET', '/ready')).status === 200) return;
    await sleep(100);
  }
  throw new Error(`the front door at ${url} did not become ready`);
}

/** One stream of verifications over two pipelines, one of which `signal` stops mid-run. */
export function testStopMidRun(signal: 'SIGTERM' | 'SIGKILL'): void {
  t.test(`verifications go on when one of two pipelines stops (${signal}) mid-run`, async (t) => {
    const begun = performance.now();
    const [a, b] = await Promise.all([startPipeline(t), startPipeline(t)]);
    const server = await startServer(t, { args: ['--pipeline', `${a!.address},${b!.address}`] });
    await untilReady(server.url);
    t.comment(`ready after ${((performance.now() - begun) / 1000).toFixed(1)} s`);
    const body = await licenceBody();
    const cpuBefore = [cpuSeconds(a!.child.pid!), cpuSeconds(b!.child.pid!)];

    const records: Sent[] = [];
    let stoppedAt = Number.POSITIVE_INFINITY;
    let answeredAtStop = 0;
    const running = stream(server, body, 2, records, () => records.length >= answeredAtStop + 4 && stoppedAt < Infinity);
    while (records.length < 4) await sleep(20);
    const served = [cpuSeconds(a!.child.pid!) - cpuBefore[0]!, cpuSeconds(b!.child.pid!) - cpuBefore[1]!];
    t.ok(served.every((seconds) => seconds >= SERVED_CPU_SECONDS),
      `both pipelines served before the stop (CPU seconds spent: ${served.map((s) => s.toFixed(2)).join(', ')})`);

    answeredAtStop = records.length;
    stoppedAt = performance.now();
    b!.child.kill(signal);
    await running;

    const inFlightAtStop = records.filter((r) => r.started < stoppedAt && r.ended > stoppedAt).length;
    const failed = records.filter((r) => r.status !== 200);
    const afterStop = records.filter((r) => r.started > stoppedAt);
    t.ok(afterStop.length >= 2, `verifications were sent after the stop (${afterStop.length})`);
    t.same(afterStop.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.code}`), [], 'every verification sent after the stop succeeded');
    t.ok(failed.every((r) => r.started < stoppedAt && r.ended > stoppedAt), 'only a verification in flight at the stop may fail');
    t.ok(failed.length <= inFlightAtStop, `failures (${failed.length}) ≤ in flight at the stop (${inFlightAtStop})`);
    t.equal(records.filter((r) => r.ended < stoppedAt && r.status !== 200).length, 0, 'nothing failed before the stop');
    t.comment(`${records.length} verifications, ${failed.length} failed, ${inFlightAtStop} in flight at the stop`);
  });
}
