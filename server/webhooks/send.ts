// No redirects (a 3xx fails); the socket connects only to an address that passed the private-address
// check at delivery (address.ts).
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { checkDestination, guardedLookup, schemeProblem } from './address.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature.js';

export const ATTEMPT_TIMEOUT_MS = 10_000;

export interface AttemptResult {
  statusCode: number | null;
  /** Why it failed when it did (no 2xx); never holds the secret or the body. */
  error: string | null;
}

export async function sendAttempt(target: string, secret: string, eventId: string, payload: string, allowPrivate: boolean): Promise<AttemptResult> {
  const url = new URL(target);
  const scheme = schemeProblem(url, allowPrivate);
  if (scheme !== null) return { statusCode: null, error: scheme };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  try {
    // IP literals never reach `lookup`, so they are checked here.
    if (net.isIP(host)) await checkDestination(url, allowPrivate);
  } catch (error) {
    return { statusCode: null, error: (error as Error).message };
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(url, {
      method: 'POST',
      lookup: guardedLookup(allowPrivate),
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        'user-agent': 'idv-webhooks/1',
        [EVENT_ID_HEADER]: eventId,
        [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, payload),
      },
    }, (response) => {
      const statusCode = response.statusCode ?? null;
      response.resume();
      response.once('end', () => resolve({
        statusCode,
        error: statusCode !== null && statusCode >= 200 && statusCode < 300 ? null : `answered HTTP ${statusCode}`,
      }));
      response.once('error', (error) => resolve({ statusCode, error: error.message }));
    });
    request.once('error', (error: NodeJS.ErrnoException) => {
      resolve({ statusCode: null, error: error.name === 'AbortError' || error.name === 'TimeoutError' ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s` : (error.code ?? error.message) });
    });
    request.end(payload);
  });
}
