/**
 * The client package under test against the real front door (test/server/helper.ts starts it):
 * a client for one of the server's keys whose every answer is held to the OpenAPI document, as
 * the server suites' calls are, and the IdvError a call rejects with.
 */
import { createClient, IdvError, type ClientOptions, type IdvClient } from '../../client/src/index.js';
import type { ServerUnderTest } from '../server/helper.js';
import { checkedFetch } from '../server/openapi-conformance.js';

/** The platform's fetch, with each answer then checked against the OpenAPI document. */
export const documentedFetch: typeof fetch = (input, init) => checkedFetch(String(input), init);

/** documentedFetch that also pushes each answer's status onto `statuses`. */
export function recordingFetch(statuses: number[]): typeof fetch {
  return async (input, init) => {
    const response = await documentedFetch(input, init);
    statuses.push(response.status);
    return response;
  };
}

/** A client of `server` with `apiKey`; `options` override the base URL, fetch, retries. */
export function clientOf(server: ServerUnderTest, apiKey: string, options: Partial<ClientOptions> = {}): IdvClient {
  return createClient({ baseUrl: server.url, apiKey, fetch: documentedFetch, ...options });
}

/** The IdvError that `promise` rejects with; anything else fails the test. */
export async function failure(promise: Promise<unknown>): Promise<IdvError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IdvError) return error;
    throw error;
  }
  throw new Error('the call succeeded where an IdvError was expected');
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
