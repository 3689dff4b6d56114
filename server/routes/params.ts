import { CodedError } from '../../common/errors.js';
import { fieldErrors } from '../http-errors.js';
import { BOOLEAN_EXPECTED, isUuid, parseBooleanish } from '../validation/values.js';
import { invalidParameter } from '../validation/messages.js';

/** A path id that is not a uuid names nothing: 404, like an unknown one. */
export function pathId(raw: string | undefined): string {
  if (raw === undefined || !isUuid(raw)) throw new CodedError('NotFound');
  return raw.toLowerCase();
}

/** `returnContent` query parameter: true/false/1/0, absent means false. */
export function returnContentParam(query: Record<string, string | string[] | undefined>): boolean {
  const raw = query.returnContent;
  if (raw === undefined || raw === '') return false;
  const value = Array.isArray(raw) ? undefined : parseBooleanish(raw);
  if (value === undefined) throw fieldErrors({ returnContent: invalidParameter('returnContent', BOOLEAN_EXPECTED, raw) });
  return value;
}
