// `application/*+json` too: the vendor's clients send `json-patch+json`.
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { CodedError } from '../common/errors.js';
import { fieldErrors } from './http-errors.js';

export type BodyKinds = 'json' | 'json-or-form';

const JSON_TYPES = ['application/json', 'application/*+json'];

/** co-body / raw-body errors carry `status`. */
function bodyError(error: Error & { status?: number; type?: string }, problemCode: 'ValidationError' | 'BadRequest'): CodedError {
  if (error.status === 413 || error.type === 'entity.too.large') return new CodedError('PayloadTooLarge');
  if (error.status === 415 || error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
    return new CodedError('UnsupportedMediaType', 'The request body encoding is not supported.');
  }
  if (error.status === 400) return fieldErrors({ body: `body must be a JSON object, got ${error.message}` }, problemCode);
  return new CodedError('ApiError', undefined, error.stack ?? error.message);
}

export function parseBody(kinds: BodyKinds, limitBytes: number, problemCode: 'ValidationError' | 'BadRequest' = 'ValidationError') {
  const parser = koaBody({
    onError: (error) => {
      throw bodyError(error, problemCode);
    },
    json: true,
    jsonTypes: JSON_TYPES,
    jsonStrict: true,
    urlencoded: kinds === 'json-or-form',
    multipart: false,
    text: false,
    jsonLimit: limitBytes,
    formLimit: limitBytes,
    // qs: nested keys for metadata[key]=value, but no dots as paths and no arrays of pairs.
    queryString: { allowDots: false, depth: 1, parameterLimit: 200 },
  });
  return async function body(ctx: Context, next: Next): Promise<void> {
    const hasBody = ctx.req.headers['transfer-encoding'] !== undefined || (ctx.request.length ?? 0) > 0;
    if (!hasBody) {
      // No body at all: the validators answer with the field problems.
      return next();
    }
    const accepted = kinds === 'json' ? ctx.is(JSON_TYPES) : ctx.is([...JSON_TYPES, 'urlencoded']);
    if (!accepted) {
      throw new CodedError('UnsupportedMediaType', kinds === 'json'
        ? 'The request body must be JSON (application/json or application/*+json).'
        : 'The request body must be JSON (application/json or application/*+json) or application/x-www-form-urlencoded.');
    }
    return parser(ctx, next);
  };
}
