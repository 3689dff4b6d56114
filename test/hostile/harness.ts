/**
 * What the hostile-input suites share: one fast-check seed (so a failure replays exactly), the
 * test of a contract refusal (a coded 4xx with a traceId), a front door started for hostile
 * traffic, and the count of what the store holds, read through the store's own API.
 *
 * Reproducing a failure: fast-check prints the seed and the path of the shrunk counterexample;
 * IDV_HOSTILE_SEED=<seed> replays a whole file with another seed.
 */
import fc from 'fast-check';
import type { Test } from 'tap';
import { ERROR_CODES, isErrorCode } from '../../common/errors.js';
import { loadConfig } from '../../server/config.js';
import { openStore } from '../../server/store/index.js';
import type { Store } from '../../server/store/store.js';
import { ACCOUNT_A, ACCOUNT_B, NO_PIPELINE, startServer, type Answer, type ServerUnderTest } from '../server/helper.js';

/** The seed of every property in test/hostile/, unless IDV_HOSTILE_SEED says another. */
export const SEED = Number(process.env.IDV_HOSTILE_SEED ?? 20261123);
fc.configureGlobal({ seed: SEED });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Why `answer` is not a contract refusal, or null when it is one: a 4xx whose body is the
 * contract's error object, with a code of the table whose status is the answer's, a traceId
 * equal to the X-Trace-Id header, and `codes` (when given) containing the code.
 */
export function refusalProblem(answer: Answer, codes?: readonly string[]): string | null {
  const { status, body } = answer;
  const seen = `${status} ${JSON.stringify(body)?.slice(0, 300)}`;
  if (status < 400 || status > 499) return `not a 4xx: ${seen}`;
  if (typeof body !== 'object' || body === null) return `no error object: ${seen}`;
  const code: unknown = body.code;
  if (typeof code !== 'string' || !isErrorCode(code) || ERROR_CODES[code].http !== status) return `code does not match the status: ${seen}`;
  if (codes !== undefined && !codes.includes(body.code)) return `code not one of ${codes.join(', ')}: ${seen}`;
  if (typeof body.traceId !== 'string' || !UUID.test(body.traceId)) return `no traceId: ${seen}`;
  if (answer.headers.get('x-trace-id') !== body.traceId) return `traceId differs from X-Trace-Id: ${seen}`;
  if (!('propertyErrors' in body) || !('multipleErrors' in body)) return `not the contract's error object: ${seen}`;
  return null;
}

/** Throws (failing the property, which fast-check then shrinks) unless `answer` is a refusal. */
export function expectRefusal(answer: Answer, codes?: readonly string[]): void {
  const problem = refusalProblem(answer, codes);
  if (problem !== null) throw new Error(problem);
}

/**
 * The real front door for hostile traffic: no rate limit (properties send hundreds of calls with
 * one key) and no pipeline (nothing hostile may reach it; a valid input would answer 503).
 */
export function startHostileServer(t: Test): Promise<ServerUnderTest> {
  return startServer(t, { env: { IDV_RATE_LIMIT_PER_SECOND: '0' }, args: NO_PIPELINE });
}

/** The server still runs, as the same process, and answers its liveness probe. */
export async function expectAlive(t: Test, server: ServerUnderTest, pid: number): Promise<void> {
  t.equal(server.pid(), pid, 'the same server process');
  t.doesNotThrow(() => process.kill(pid, 0), 'the server process is alive');
  const health = await server.call('GET', '/health');
  t.equal(health.status, 200, 'and answers /health');
}

/** A time after every deadline a test can set. */
const END_OF_TIME = new Date(8_000_000_000_000);

export interface StoredCounts {
  /** Verification requests of any state that still hold images or are Pending. */
  requests: number;
  /** Validation requests (dashboard invitations) of both test accounts, at every location. */
  invitations: number;
}

/**
 * What the store of a stopped server holds, through the store's own API. The Store interface
 * has no listing of verification requests, so they are counted by what a sweep at the end of
 * time changes: every Pending request expires and every finished one still holding images is
 * purged. That covers every request these suites could create (none is finished with its images
 * already gone). It writes, so it runs once, at the end, on the stopped server's store.
 */
export async function storedCounts(server: ServerUnderTest): Promise<StoredCounts> {
  await server.stop();
  const store: Store = await openStore(loadConfig(server.env));
  try {
    let invitations = 0;
    for (const accountId of [ACCOUNT_A, ACCOUNT_B]) {
      const listed = await store.listValidationRequests({ accountId, locations: ['north', 'south'], metadata: {}, offset: 0, limit: 1 });
      invitations += listed.total;
    }
    const requests = (await store.expireDue(END_OF_TIME)) + (await store.purgeImages(END_OF_TIME));
    return { requests, invitations };
  } finally {
    await store.close();
  }
}
