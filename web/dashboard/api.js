// The dashboard interface (docs/api.md, "Dashboard interface"), called with the private key in
// the Authorization header: the key never goes into a URL, a cookie or the page's markup.

const BASE = '/api/PublicOnboarding/Requests';

/** An error answer of the API: the contract's error object, with the HTTP status. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message ?? `The server answered ${status}.`);
    this.status = status;
    this.code = body?.code ?? null;
    this.propertyErrors = body?.propertyErrors ?? null;
    this.retryAfter = null;
  }
}

/** The network failed before any answer (server down, connection refused). */
export class NetworkError extends Error {}

async function call(key, method, path, body) {
  const headers = { Authorization: `Bearer ${key}`, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch (error) {
    throw new NetworkError(`The server could not be reached (${error.message}).`);
  }
  const text = await response.text();
  let json = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    // A proxy's HTML error page: keep the status, say nothing more.
  }
  if (!response.ok) {
    const error = new ApiError(response.status, json);
    error.retryAfter = response.headers.get('Retry-After');
    throw error;
  }
  return { json, total: Number(response.headers.get('X-Total-Count') ?? NaN) };
}

/** The endpoints the page uses, bound to one key. */
export function dashboardApi(key) {
  return {
    /** `filters`: { status, metadata: {k: v}, offset, limit } → { items, total }. */
    async list({ status = '', metadata = {}, offset = 0, limit = 20 } = {}) {
      const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
      if (status !== '') query.set('status', status);
      for (const [name, value] of Object.entries(metadata)) query.append(`metadata[${name}]`, value);
      const { json, total } = await call(key, 'GET', `${BASE}?${query}`);
      return { items: json, total };
    },
    async get(id) {
      return (await call(key, 'GET', `${BASE}/${encodeURIComponent(id)}`)).json;
    },
    /** The outcome of the invitation's last attempt: verification result or failure. */
    async lastResponse(id) {
      return (await call(key, 'GET', `${BASE}/${encodeURIComponent(id)}/lastResponse`)).json;
    },
    async create(invitation) {
      return (await call(key, 'POST', BASE, invitation)).json;
    },
  };
}

/** A sentence for staff, from an error of `call`. */
export function describeError(error) {
  if (error instanceof NetworkError) return error.message;
  if (!(error instanceof ApiError)) return `Something went wrong in this page: ${error.message}`;
  if (error.status === 429) return `Too many requests with this key; try again in ${error.retryAfter ?? 'a few'} s.`;
  if (error.propertyErrors) return Object.values(error.propertyErrors).join('; ');
  return error.message;
}
