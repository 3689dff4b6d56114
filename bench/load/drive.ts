/**
 * One load step: `connections` autocannon connections send POST /api/Verify back to back for
 * `durationSeconds`, cycling through the bodies (each connection starts at a different body, so
 * the mix is even from the first second). Every answer is recorded with its latency, HTTP status,
 * the error `code` of its body and, for a 503, whether it carried Retry-After.
 *
 * autocannon calls a request's `onResponse` with the body just before the client emits
 * `response` with the latency, synchronously, so the two are joined per client.
 */
import autocannon from 'autocannon';
import type { BodyKind, LoadBody } from './bodies.js';

export interface Answer {
  kind: BodyKind;
  status: number;
  /** The contract's error code, `OK` for a verification, `unparsed` when the body was not JSON. */
  code: string;
  /** A 503 or 429 with a Retry-After header. */
  retryAfter: boolean;
  ms: number;
}

export interface StepRun {
  connections: number;
  durationSeconds: number;
  answers: Answer[];
  /** Connection errors and timeouts (no HTTP answer at all). */
  errors: number;
  timeouts: number;
  /** Requests sent but not answered when the step ended (abandoned, not counted). */
  unanswered: number;
}

/** A request waits this long for its answer before autocannon counts a timeout (the pipeline deadline is 60 s). */
const REQUEST_TIMEOUT_SECONDS = 90;

function codeOf(status: number, body: string): string {
  if (status >= 200 && status < 300) return 'OK';
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : 'unparsed';
  } catch {
    return 'unparsed';
  }
}

/** Runs one step against `url` with the secret `key`. */
export async function runStep(url: string, key: string, bodies: readonly LoadBody[], connections: number, durationSeconds: number): Promise<StepRun> {
  const answers: Answer[] = [];
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  let clientIndex = 0;
  const requestsFor = (onAnswer: (kind: BodyKind, status: number, code: string, retryAfter: boolean) => void): autocannon.Request[] =>
    bodies.map((body) => ({
      method: 'POST',
      path: '/api/Verify',
      headers,
      body: body.json,
      onResponse: (status: number, text: string, _context: object, responseHeaders: autocannon.Request['headers']) => {
        onAnswer(body.kind, status, codeOf(status, text), responseHeaders?.['retry-after'] !== undefined || responseHeaders?.['Retry-After'] !== undefined);
      },
    }));
  let sent = 0;
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    timeout: REQUEST_TIMEOUT_SECONDS,
    requests: requestsFor(() => {}),
    setupClient(client) {
      const offset = clientIndex++ % bodies.length;
      let last: Omit<Answer, 'ms'> | null = null;
      const requests = requestsFor((kind, status, code, retryAfter) => {
        last = { kind, status, code, retryAfter };
      });
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
      client.on('response', (_status: number, _bytes: number, ms: number) => {
        if (last !== null) answers.push({ ...last, ms });
        last = null;
      });
      // Not in the typings, but every autocannon client emits 'request' as it sends one.
      const emitter: NodeJS.EventEmitter = client;
      emitter.on('request', () => {
        sent++;
      });
    },
  });
  return {
    connections,
    durationSeconds,
    answers,
    errors: result.errors,
    timeouts: result.timeouts,
    unanswered: Math.max(0, sent - answers.length - result.errors),
  };
}
