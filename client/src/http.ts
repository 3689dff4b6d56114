/**
 * One HTTP call of the client: the bearer key, a JSON body, the JSON answer, and the retries of
 * 429 and 503 (retry.ts). Only the platform's `fetch` is used (Node 20, browsers, workers), or
 * the one given in the options.
 */
import { errorOf } from './errors.js';
import { RETRY_DEFAULTS, parseRetryAfter, retryDelayMs, type RetryOptions } from './retry.js';

export interface ClientOptions {
  /** Where the service listens, e.g. `https://idv.example.com` (a path prefix is kept). */
  baseUrl: string;
  /** `sk_…`, `pk_…` or a dashboard key `prk_…`: the key decides which calls are allowed. */
  apiKey: string;
  retry?: RetryOptions;
  /** The fetch to use; default the platform's `globalThis.fetch`. */
  fetch?: typeof fetch;
}

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  query?: URLSearchParams;
  json?: unknown;
}

export interface Answer<T> {
  body: T;
  headers: Headers;
}

export interface Transport {
  send<T>(call: Call): Promise<Answer<T>>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createTransport(options: ClientOptions): Transport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const retry = { ...RETRY_DEFAULTS, ...options.retry };
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' };

  return {
    async send<T>(call: Call): Promise<Answer<T>> {
      const search = call.query?.toString() ?? '';
      const query = search === '' ? '' : `?${search}`;
      const init: RequestInit = { method: call.method, headers };
      if (call.json !== undefined) {
        init.headers = { ...headers, 'content-type': 'application/json' };
        init.body = JSON.stringify(call.json);
      }
      for (let attempt = 0; ; attempt++) {
        const response = await fetchImpl(base + call.path + query, init);
        const text = await response.text();
        if (response.ok) return { body: (text === '' ? undefined : JSON.parse(text)) as T, headers: response.headers };
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        const delay = retryDelayMs(response.status, retryAfter, attempt, retry);
        if (delay === null) throw errorOf(response, text, retryAfter);
        await sleep(delay);
      }
    },
  };
}
