/**
 * The error a call throws when the server answers 4xx or 5xx: the contract's error object
 * (`code`, `message`, `traceId`, `propertyErrors`, `multipleErrors`) with the HTTP status and,
 * for 429 and 503, the server's Retry-After.
 *
 * An answer that does not carry the error object (a proxy's HTML 502, an empty 503) still gets a
 * code, the one decisions.md ("HTTP statuses") gives that status, so callers can switch on `code`
 * alone; `body` is then null.
 */
import type { ErrorBody, ErrorCode } from './types.js';

const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  410: 'Erased',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

export class IdvError extends Error {
  override readonly name = 'IdvError';
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The contract's error code. */
  readonly code: ErrorCode;
  /** The error's id for support (also the X-Trace-Id header); null when the answer had neither. */
  readonly traceId: string | null;
  /** Field name → message, with ValidationError and BadRequest. */
  readonly propertyErrors: Record<string, string> | null;
  /** The single errors of a MultipleErrors. */
  readonly multipleErrors: ErrorBody[] | null;
  /** Seconds the server asked to wait (Retry-After), or null. */
  readonly retryAfterSeconds: number | null;
  /** The error object as received, or null when the answer was not one. */
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null, traceId: string | null, retryAfterSeconds: number | null, fallbackMessage: string) {
    super(body?.message ?? fallbackMessage);
    this.status = status;
    this.code = body?.code ?? CODE_OF_STATUS[status] ?? 'ApiError';
    this.traceId = body?.traceId ?? traceId;
    this.propertyErrors = body?.propertyErrors ?? null;
    this.multipleErrors = body?.multipleErrors ?? null;
    this.retryAfterSeconds = retryAfterSeconds;
    this.body = body;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  const v = value as Partial<ErrorBody> | null;
  return typeof v === 'object' && v !== null && typeof v.code === 'string' && typeof v.message === 'string';
}

/** The IdvError of a failed answer whose body text is `text`. */
export function errorOf(response: Response, text: string, retryAfterSeconds: number | null): IdvError {
  let body: ErrorBody | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isErrorBody(parsed)) body = parsed;
  } catch {
    // Not JSON: a proxy's page, or nothing. The status decides the code.
  }
  const fallback = `HTTP ${response.status} ${response.statusText}`.trim();
  return new IdvError(response.status, body, response.headers.get('x-trace-id'), retryAfterSeconds, fallback);
}
