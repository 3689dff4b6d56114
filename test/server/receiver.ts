/**
 * A real local HTTP webhook receiver for the tests: it records every request (headers and raw
 * body) and answers with the next status of its script (then 200), or 500 to the first request
 * of each event id when `failFirstOfEachEvent` is set. Every delivery is held to the OpenAPI
 * document's `webhooks` (headers and body).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';
import { webHeaders, webhookProblems } from './openapi-conformance.js';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /**
   * Resolves once `count` requests have arrived (or rejects after `timeoutMs`, or as soon as a
   * delivery does not match the OpenAPI document's webhooks).
   */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** Starts a receiver on `port` (0: any free one); closed at teardown. */
export async function startReceiver(t: Test, options: { port?: number; statuses?: number[]; failFirstOfEachEvent?: boolean } = {}): Promise<Receiver> {
  const statuses = [...(options.statuses ?? [])];
  const seen = new Set<string>();
  const received: Received[] = [];
  /** Deliveries that the OpenAPI document's `webhooks` do not describe: waitFor fails with them. */
  const problems: string[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, json: JSON.parse(body) });
      problems.push(...webhookProblems(webHeaders(request.headers), body));
      const eventId = String(request.headers['idv-event-id']);
      const first = !seen.has(eventId);
      seen.add(eventId);
      response.statusCode = options.failFirstOfEachEvent && first ? 500 : statuses.shift() ?? 200;
      response.end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  t.teardown(close);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count || problems.length > 0) {
        if (problems.length > 0) throw new Error(`OpenAPI: a webhook delivery does not match the document: ${problems.join('; ')}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`receiver got ${received.length} of ${count} requests in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close,
  };
}

/** A port that nothing listens on right now (listened on, then closed). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
