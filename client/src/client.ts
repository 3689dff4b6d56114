/**
 * The verification interface and the dashboard list behind one object, for one API key:
 *
 *   direct     verify(content)                          secret key
 *   two-step   createRequest(content)                   public (or secret) key, e.g. in an app
 *              verifyRequest(id, { returnContent })     secret key, on the back end
 *   reads      getRequest(id)                           public or secret key
 *              getRequestContent(id), getRequestResult(id)   secret key
 *   dashboard  dashboard.list / listAll / create        private key
 *
 * Every method resolves with the answer's JSON body, typed from the OpenAPI document, or rejects
 * with an IdvError (errors.ts).
 */
import { createDashboard, type Dashboard } from './dashboard.js';
import { createTransport, type ClientOptions } from './http.js';
import type { RequestContent, RequestResult, RequestSummary, StoredContent, VerificationResponse } from './types.js';

export interface VerifyOptions {
  /** Return the images in `request.content` (otherwise its image fields are null). */
  returnContent?: boolean;
}

export interface IdvClient {
  /** POST /api/Verify: checks the document at once. */
  verify(content: RequestContent, options?: VerifyOptions): Promise<VerificationResponse>;
  /** POST /api/Request: stores the images under a new Pending request. */
  createRequest(content: RequestContent): Promise<RequestSummary>;
  /** POST /api/Verify/{requestId}: checks a stored request. */
  verifyRequest(requestId: string, options?: VerifyOptions): Promise<VerificationResponse>;
  /** GET /api/Request/{id}: status only. */
  getRequest(id: string): Promise<RequestSummary>;
  /** GET /api/Request/{id}/content: the stored images (null once deleted). */
  getRequestContent(id: string): Promise<StoredContent>;
  /** GET /api/Request/{id}/result: the verification result, or the failure (404 NotFound while Pending). */
  getRequestResult(id: string): Promise<RequestResult>;
  dashboard: Dashboard;
}

function returnContentQuery(options: VerifyOptions | undefined): URLSearchParams | undefined {
  return options?.returnContent === undefined ? undefined : new URLSearchParams({ returnContent: String(options.returnContent) });
}

export function createClient(options: ClientOptions): IdvClient {
  const transport = createTransport(options);
  const get = async <T>(path: string): Promise<T> => (await transport.send<T>({ method: 'GET', path })).body;
  const requestPath = (id: string): string => `/api/Request/${encodeURIComponent(id)}`;
  return {
    async verify(content, verifyOptions) {
      return (await transport.send<VerificationResponse>({ method: 'POST', path: '/api/Verify', json: content, query: returnContentQuery(verifyOptions) })).body;
    },
    async createRequest(content) {
      return (await transport.send<RequestSummary>({ method: 'POST', path: '/api/Request', json: content })).body;
    },
    async verifyRequest(requestId, verifyOptions) {
      const path = `/api/Verify/${encodeURIComponent(requestId)}`;
      return (await transport.send<VerificationResponse>({ method: 'POST', path, query: returnContentQuery(verifyOptions) })).body;
    },
    getRequest: (id) => get<RequestSummary>(requestPath(id)),
    getRequestContent: (id) => get<StoredContent>(`${requestPath(id)}/content`),
    getRequestResult: (id) => get<RequestResult>(`${requestPath(id)}/result`),
    dashboard: createDashboard(transport),
  };
}
