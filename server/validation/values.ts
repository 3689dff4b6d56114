/** Small value parsers shared by body and query validation. */

/** true/false, 1/0 (as booleans, numbers or strings, case-insensitive); undefined when not one. */
export function parseBooleanish(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (raw === 1 || raw === 0) return raw === 1;
  if (typeof raw !== 'string') return undefined;
  switch (raw.trim().toLowerCase()) {
    case 'true':
    case '1':
      return true;
    case 'false':
    case '0':
      return false;
    default:
      return undefined;
  }
}

export const BOOLEAN_EXPECTED = 'true, false, 1 or 0';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function isBlank(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}
