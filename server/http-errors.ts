// The one middleware that turns every thrown error into the contract's error object (docs/api.md);
// DeveloperMessage only in development mode and only on 5xx.
import type { Context, Next } from 'koa';
import { CodedError, type ErrorCode } from '../common/errors.js';
import type { CaptureFeedbackFields } from './capture-feedback.js';
import { traceIdOf } from './trace.js';

/** Seconds a client should wait after a 503 (or a 429 that does not say) before retrying. */
export const RETRY_AFTER_SECONDS = 5;

export class ApiProblem extends CodedError {
  readonly propertyErrors: Readonly<Record<string, string>> | null;
  readonly multipleErrors: readonly CodedError[] | null;
  /** When the error knows better than RETRY_AFTER_SECONDS (a rate limit). */
  readonly retryAfterSeconds: number | null;
  readonly capture: CaptureFeedbackFields | null;

  constructor(code: ErrorCode, options: {
    message?: string;
    propertyErrors?: Record<string, string>;
    multipleErrors?: CodedError[];
    details?: string;
    retryAfterSeconds?: number;
    capture?: CaptureFeedbackFields;
  } = {}) {
    super(code, options.message, options.details);
    this.propertyErrors = options.propertyErrors ?? null;
    this.multipleErrors = options.multipleErrors ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.capture = options.capture ?? null;
  }
}

export function fieldErrors(propertyErrors: Record<string, string>, code: 'ValidationError' | 'BadRequest' = 'ValidationError'): ApiProblem {
  return new ApiProblem(code, { propertyErrors });
}

/** MultipleErrors when several. */
export function combineErrors(errors: CodedError[]): CodedError | null {
  if (errors.length === 0) return null;
  if (errors.length === 1) return errors[0]!;
  return new ApiProblem('MultipleErrors', { multipleErrors: errors });
}

export interface ErrorBody {
  traceId: string;
  code: ErrorCode;
  message: string;
  propertyErrors: Record<string, string> | null;
  multipleErrors: ErrorBody[] | null;
  DeveloperMessage?: string;
  imageQuality?: Record<string, unknown>[];
  captureFeedback?: { image: string; reason: string }[];
}

export function errorBody(error: CodedError, traceId: string, devMode: boolean): ErrorBody {
  const problem = error instanceof ApiProblem ? error : null;
  const body: ErrorBody = {
    traceId,
    code: error.code,
    message: error.message,
    propertyErrors: problem?.propertyErrors ? { ...problem.propertyErrors } : null,
    multipleErrors: problem?.multipleErrors ? problem.multipleErrors.map((e) => errorBody(e, traceId, devMode)) : null,
  };
  if (problem?.capture) Object.assign(body, problem.capture);
  if (devMode && error.httpStatus >= 500 && error.details !== undefined) body.DeveloperMessage = error.details;
  return body;
}

/** Anything not coded (body-parser errors are coded in body.ts) is a bug: 500 ApiError. */
function toCodedError(error: unknown): CodedError {
  if (error instanceof CodedError) return error;
  return new CodedError('ApiError', undefined, error instanceof Error ? error.stack ?? error.message : String(error));
}

export interface ErrorMiddlewareOptions {
  devMode: boolean;
  /** Where 5xx errors are reported; keys and bodies are never passed to it. */
  log: (line: Record<string, unknown>) => void;
}

export function errorMiddleware(options: ErrorMiddlewareOptions) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new CodedError('NotFound');
    } catch (thrown) {
      const error = toCodedError(thrown);
      const traceId = traceIdOf(ctx);
      if (error.httpStatus >= 500) {
        // The access line of the same traceId (observe-requests.ts) says which route.
        options.log({ level: 'error', event: 'error', traceId, code: error.code, details: error.details });
      }
      ctx.status = error.httpStatus;
      ctx.set('X-Trace-Id', traceId);
      if (error.code === 'ServiceUnavailable' || error.code === 'TooManyRequests') {
        const seconds = error instanceof ApiProblem ? error.retryAfterSeconds : null;
        ctx.set('Retry-After', String(seconds ?? RETRY_AFTER_SECONDS));
      }
      ctx.body = errorBody(error, traceId, options.devMode);
    }
  };
}
