// Keys starting with `$` or holding `.` (MongoDB operators and paths) are refused on store and on
// filter, so no store ever sees one.
import { PropertyErrors } from './messages.js';
import { isPlainObject } from './values.js';

export const MAX_METADATA_PAIRS = 50;
export const MAX_METADATA_KEY = 128;
export const MAX_METADATA_VALUE = 1024;

function badKey(key: string): string | null {
  if (key.length === 0 || key.length > MAX_METADATA_KEY) return `1 to ${MAX_METADATA_KEY} characters`;
  if (key.startsWith('$')) return 'a key that does not start with $';
  if (key.includes('.')) return 'a key without dots';
  if (key.includes('\0')) return 'a key without NUL characters';
  if (key === '__proto__') return 'a key other than __proto__';
  return null;
}

/** An object, or its JSON text (form bodies, query strings); problems go under `metadata[.<key>]`. */
export function parseMetadata(raw: unknown, problems: PropertyErrors): Record<string, string> | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      problems.invalid('metadata', 'an object of string keys to string values (or its JSON)', raw);
      return null;
    }
  }
  if (!isPlainObject(value)) {
    problems.invalid('metadata', 'an object of string keys to string values', value);
    return null;
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_METADATA_PAIRS) {
    problems.add('metadata', `metadata must have at most ${MAX_METADATA_PAIRS} pairs, got ${entries.length}`);
    return null;
  }
  const pairs: Record<string, string> = Object.create(null) as Record<string, string>;
  let ok = true;
  for (const [key, item] of entries) {
    const name = `metadata.${key}`;
    const wrongKey = badKey(key);
    if (wrongKey !== null) {
      problems.invalid(name, `a metadata key of ${wrongKey}`, key);
      ok = false;
    } else if (typeof item !== 'string' || item.length > MAX_METADATA_VALUE) {
      problems.invalid(name, `a string of at most ${MAX_METADATA_VALUE} characters`, item);
      ok = false;
    } else {
      pairs[key] = item;
    }
  }
  return ok ? { ...pairs } : null;
}
