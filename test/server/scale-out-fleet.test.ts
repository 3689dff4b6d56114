/**
 * The production layout on one machine (docs/operations.md, "Kubernetes"): two front doors and
 * three pipelines as processes on one MongoDB-wire store, a client sending a stream of two-step
 * verifications to both doors, and, in the middle, one pipeline killed (SIGKILL: a node lost) and
 * one front door stopped (SIGTERM: a scale-down or a rolling update). No acknowledged request
 * (a 201 with its id) is lost: each ends Success or Failed with a coded error, as answered, and
 * none is verified twice.
 *
 * The client behaves as one behind a balancer: a call that finds its door gone (a refused or cut
 * connection) goes to the other door, and so does a 503; nothing else is retried. A request's
 * verification may thus be sent twice, which its claim makes safe (server/requests/verification.ts).
 *
 * Every second request carries a track string that is no licence: a coded failure (cheap), so both
 * endings are checked and the stream costs less CPU: 29–31 s with the 2-core machine shared by
 * others (load 6), 31 s of CPU in all (the three pipelines about 17 s of it).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { PIPELINE_ERROR_CODES, type ErrorCode } from '../../common/errors.js';
import { jpegImage, licenceBody } from './fixtures.js';
import { createKeys, httpCall, spawnServe, type Answer } from './helper.js';
import { cpuSeconds, startPipeline, untilReady } from './pipeline-scale-out.js';

const uri = process.env.IDV_TEST_MONGODB_URI;
/**
 * The stream's course: a pipeline is killed once KILL_PIPELINE_AFTER answers are in and it is at
 * work (its CPU time rising past SERVED_CPU_SECONDS: a worker loading its models or reading a
 * front), so that the kill lands on a verification in flight; a front door is stopped once
 * STOP_DOOR_AFTER answers are in and two more since the kill; the stream ends when it has
 * STREAM_LENGTH answers, LANES since the door stopped, and the client has found that door
 * gone. MAX_REQUESTS bounds it, should a pipeline never be seen at work (the test then fails).
 */
const KILL_PIPELINE_AFTER = 2;
const STOP_DOOR_AFTER = 5;
const STREAM_LENGTH = 8;
const MAX_REQUESTS = 24;
/** Requests in flight at once. */
const LANES = 3;
/** A pipeline that served anything has loaded its worker's models: well over this much CPU. */
const SERVED_CPU_SECONDS = 0.5;

const KEYS = {
  publicA: { type: 'public', accountId: '0a0a0a0a-0000-4000-8000-00000000000a' },
  secretA: { type: 'secret', accountId: '0a0a0a0a-0000-4000-8000-00000000000a' },
} as const;

interface Door {
  url: string;
  stop(): Promise<void>;
  /** False once the client has found it gone. */
  up: boolean;
}

/** How one acknowledged request ended, as the client was answered. */
interface Outcome {
  id: string;
  /** A licence (Success expected), or a track string that is none (a coded failure expected). */
  licence: boolean;
  status: number;
  code: ErrorCode | undefined;
  /** Verify calls that reached a door and were answered 200 or a pipeline's coded error. */
  finalAnswers: number;
}

/** Whether `error` is a connection refused or cut: the door is gone, try the other one. */
function doorGone(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed/.test(error.message);
}

/**
 * One call to any door that is up, starting with `first`; moves on when a door is gone or
 * answers 503. Gives up after a few rounds (a door that never comes back must fail the test).
 */
async function toSomeDoor(doors: Door[], first: number, call: (url: string) => Promise<Answer>): Promise<Answer> {
  for (let attempt = 0; attempt < 12; attempt++) {
    const up = doors.filter((door) => door.up);
    const door = up[(first + attempt) % up.length]!;
    try {
      const answer = await call(door.url);
      if (answer.status !== 503) return answer;
      await sleep(200);
    } catch (error) {
      if (!doorGone(error)) throw error;
      door.up = false;
    }
  }
  throw new Error('no front door answered');
}

if (!uri) {
  t.plan(0, 'IDV_TEST_MONGODB_URI is not set: the scale-out fleet needs a MongoDB-wire server (`.ci/ferretdb.sh start` prints one)');
} else {
  t.test('two front doors and three pipelines lose no acknowledged request when a pipeline and a door stop mid-stream', async (t) => {
    const begun = performance.now();
    const seconds = (): string => ((performance.now() - begun) / 1000).toFixed(1);
    const url = new URL(uri);
    url.pathname = `/idv_test_${randomUUID().replace(/-/g, '')}`;
    // Both doors must hold the store's master key; with none they would each make their own.
    const env = { IDV_MONGODB_URI: url.toString(), IDV_DATA_KEY: randomBytes(32).toString('base64') };
    const keys = await createKeys(env, KEYS);
    const pipelines = await Promise.all([startPipeline(t), startPipeline(t), startPipeline(t)]);
    const list = pipelines.map((p) => p.address).join(',');
    const spawned = await Promise.all([spawnServe(env, ['--pipeline', list]), spawnServe(env, ['--pipeline', list])]);
    const doors: Door[] = spawned.map((s) => ({
      url: s.url,
      up: true,
      stop: () => new Promise<void>((resolve) => {
        if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
        s.child.once('exit', () => resolve());
        s.child.kill('SIGTERM');
      }),
    }));
    t.teardown(async () => {
      await Promise.all(doors.map((door) => door.stop()));
      const { MongoStore } = await import('../../server/store/mongo.js');
      const store = new MongoStore(env.IDV_MONGODB_URI, { candidates: [Buffer.from(env.IDV_DATA_KEY, 'base64')], origin: 'IDV_DATA_KEY' });
      await store.init();
      await store.dropDatabase();
      await store.close();
    });
    await Promise.all(doors.map((door) => untilReady(door.url)));
    t.comment(`fleet ready after ${seconds()} s`);

    const licence = await licenceBody();
    const notALicence = {
      documentType: 1,
      frontImageBase64: (await jpegImage()).toString('base64'),
      trackString: Buffer.from('not a licence at all').toString('base64'),
    };
    const outcomes: Outcome[] = [];
    let sent = 0;
    const killed = pipelines[2]!;
    const cpuAtStart = cpuSeconds(killed.child.pid!);
    let killedCpu = 0;
    let answersAtKill: number | undefined;
    let answersAtStop: number | undefined;
    let doorStopped: Promise<void> | undefined;
    const more = (): boolean => sent < MAX_REQUESTS && !(answersAtStop !== undefined && !doors[1]!.up
      && outcomes.length >= Math.max(STREAM_LENGTH, answersAtStop + LANES));

    const lane = async (): Promise<void> => {
      while (more()) {
        const n = sent++;
        const created = await toSomeDoor(doors, n, (door) => httpCall(door, 'POST', '/api/Request', { key: keys.publicA, json: n % 2 === 1 ? notALicence : licence }));
        t.equal(created.status, 201, `request ${n} acknowledged`);
        const outcome: Outcome = { id: created.body.requestId, licence: n % 2 === 0, status: 0, code: undefined, finalAnswers: 0 };
        const verified = await toSomeDoor(doors, n, async (door) => {
          const answer = await httpCall(door, 'POST', `/api/Verify/${outcome.id}`, { key: keys.secretA });
          if (answer.status === 200 || PIPELINE_ERROR_CODES.has(answer.body?.code)) outcome.finalAnswers++;
          return answer;
        });
        outcome.status = verified.status;
        outcome.code = verified.body?.code;
        outcomes.push(outcome);
        if (answersAtKill !== undefined && answersAtStop === undefined && outcomes.length >= Math.max(STOP_DOOR_AFTER, answersAtKill + 2)) {
          answersAtStop = outcomes.length;
          doorStopped = doors[1]!.stop();
        }
      }
    };
    const killer = async (): Promise<void> => {
      while (more()) {
        const busy = cpuSeconds(killed.child.pid!) - cpuAtStart;
        if (outcomes.length >= KILL_PIPELINE_AFTER && busy >= SERVED_CPU_SECONDS) {
          killedCpu = busy;
          answersAtKill = outcomes.length;
          killed.child.kill('SIGKILL');
          return;
        }
        await sleep(50);
      }
    };
    await Promise.all([...Array.from({ length: LANES }, lane), killer()]);
    await doorStopped;
    t.comment(`${sent} requests after ${seconds()} s: pipeline killed at ${answersAtKill} answers, door stopped at ${answersAtStop}`);

    t.ok(killedCpu >= SERVED_CPU_SECONDS, `a pipeline was killed at work mid-stream (${killedCpu.toFixed(2)} CPU seconds spent before the kill)`);
    const survivors = pipelines.slice(0, 2).map((p) => cpuSeconds(p.child.pid!));
    t.ok(survivors.every((s) => s >= SERVED_CPU_SECONDS), `both other pipelines served (${survivors.map((s) => s.toFixed(2)).join(', ')} CPU seconds)`);
    t.equal(doors[1]!.up, false, 'the client found the stopped door gone and carried on with the other');

    t.ok(answersAtStop !== undefined && outcomes.length > answersAtStop, 'verifications went on after the door stopped');
    t.equal(outcomes.length, sent, 'every request was acknowledged and answered');
    t.equal(new Set(outcomes.map((o) => o.id)).size, sent, 'each acknowledged request is its own');
    const unfinished = outcomes.filter((o) => o.status !== 200 && !PIPELINE_ERROR_CODES.has(o.code as ErrorCode));
    t.same(unfinished.map((o) => `${o.id}: ${o.status} ${o.code}`), [], 'each ended in Success or a coded pipeline failure');
    t.same(outcomes.filter((o) => o.finalAnswers !== 1).map((o) => `${o.id}: ${o.finalAnswers}`), [], 'none was answered a verification twice');
    t.same(outcomes.filter((o) => (o.status === 200) !== o.licence).map((o) => `${o.id}: ${o.status} ${o.code}`), [],
      'every licence verified, every track string that is no licence refused');

    // The store agrees with every answer, read through the door that stayed, and takes no second verification.
    const stored: string[] = [];
    const verifiedAgain: string[] = [];
    for (const outcome of outcomes) {
      const result = await httpCall(doors[0]!.url, 'GET', `/api/Request/${outcome.id}/result`, { key: keys.secretA });
      const expected = outcome.status === 200 ? 'Success' : `Failed ${outcome.code}`;
      const found = result.body?.succeeded === true ? 'Success' : `Failed ${result.body?.failureCode}`;
      if (found !== expected) stored.push(`${outcome.id}: answered ${expected}, stored ${found}`);
      const again = await httpCall(doors[0]!.url, 'POST', `/api/Verify/${outcome.id}`, { key: keys.secretA });
      if (again.body?.code !== 'RequestAlreadyProcessed') verifiedAgain.push(`${outcome.id}: ${again.status} ${again.body?.code}`);
    }
    t.same(stored, [], 'every request is stored as it was answered');
    t.same(verifiedAgain, [], 'a second verification of each is refused (RequestAlreadyProcessed)');
  });
}
