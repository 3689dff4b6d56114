/** Dashboard inputs: the create body and the list query; problems answer 400 BadRequest with propertyErrors. */
import { REQUEST_STATUS_NAMES, type RequestStatusValue } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import { fieldErrors } from '../http-errors.js';
import { PropertyErrors } from './messages.js';
import { parseMetadata } from './metadata.js';
import { isBlank, isPlainObject } from './values.js';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
const MAX_TEXT = 256;

export interface NewValidationRequest {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  metadata: Record<string, string>;
  location: string;
}

function optionalText(body: Record<string, unknown>, name: string, problems: PropertyErrors): string | null {
  const raw = body[name];
  if (isBlank(raw)) return null;
  if (typeof raw !== 'string' || raw.length > MAX_TEXT) {
    problems.invalid(name, `a string of at most ${MAX_TEXT} characters`, raw);
    return null;
  }
  return raw;
}

/** `location` may be left out when the key has one; a location the key is not bound to is Forbidden. */
export function validateNewValidationRequest(body: unknown, keyLocations: readonly string[]): NewValidationRequest {
  if (!isPlainObject(body)) throw fieldErrors({ body: 'body must be an object (JSON or form-encoded)' }, 'BadRequest');
  const problems = new PropertyErrors();
  const firstName = optionalText(body, 'firstName', problems);
  const lastName = optionalText(body, 'lastName', problems);
  const phone = optionalText(body, 'phone', problems);
  const email = optionalText(body, 'email', problems);
  if (email !== null && !/^[^@\s]+@[^@\s]+$/.test(email)) problems.invalid('email', 'an e-mail address', email);
  const metadata = isBlank(body.metadata) ? {} : parseMetadata(body.metadata, problems);
  let location = optionalText(body, 'location', problems);
  if (location === null && keyLocations.length === 1) location = keyLocations[0]!;
  if (location === null && problems.errors.location === undefined) {
    problems.add('location', `location must name one of the key's ${keyLocations.length} locations, got nothing`);
  }
  if (!problems.empty) throw fieldErrors(problems.errors, 'BadRequest');
  if (!keyLocations.includes(location!)) throw new CodedError('Forbidden', 'The key is not bound to that location.');
  return { firstName, lastName, phone, email, metadata: metadata ?? {}, location: location! };
}

export interface ListQuery {
  metadata: Record<string, string>;
  status: RequestStatusValue | null;
  offset: number;
  limit: number;
}

function integerParam(params: URLSearchParams, name: string, fallback: number, min: number, max: number, problems: PropertyErrors): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) {
    problems.invalid(name, `an integer from ${min} to ${max}`, raw);
    return fallback;
  }
  return value;
}

const STATUS_BY_TEXT = new Map<string, RequestStatusValue>(
  Object.entries(REQUEST_STATUS_NAMES).flatMap(([value, name]) => [
    [value, Number(value) as RequestStatusValue],
    [name.toLowerCase(), Number(value) as RequestStatusValue],
  ]),
);
const STATUS_EXPECTED = `one of ${Object.keys(REQUEST_STATUS_NAMES).join(', ')} or a name (${Object.values(REQUEST_STATUS_NAMES).join(', ')})`;

/** `status`: a value or a name of the request states, case-insensitive, as documentType is read. */
function statusParam(params: URLSearchParams, problems: PropertyErrors): RequestStatusValue | null {
  const raw = params.get('status');
  if (raw === null || raw === '') return null;
  const status = STATUS_BY_TEXT.get(raw.trim().toLowerCase());
  if (status === undefined) {
    problems.invalid('status', STATUS_EXPECTED, raw);
    return null;
  }
  return status;
}

/** `metadata[key]=value` and/or `metadata={…}`, status, offset, limit (docs/api.md). */
export function parseListQuery(querystring: string): ListQuery {
  const params = new URLSearchParams(querystring);
  const problems = new PropertyErrors();
  // No prototype: a key named __proto__ must be an ordinary key here, then refused below.
  const pairs = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of params) {
    const bracket = /^metadata\[(.*)\]$/.exec(name);
    if (bracket) pairs[bracket[1]!] = value;
    else if (name === 'metadata') {
      const parsed = parseMetadata(value, problems);
      if (parsed !== null) Object.assign(pairs, parsed);
    }
  }
  const metadata = parseMetadata(pairs, problems) ?? {};
  const status = statusParam(params, problems);
  const offset = integerParam(params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER, problems);
  const limit = integerParam(params, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT, problems);
  if (!problems.empty) throw fieldErrors(problems.errors, 'BadRequest');
  return { metadata, status, offset, limit };
}
