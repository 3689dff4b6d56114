/**
 * The one helper that shapes validation messages, so every `propertyErrors` entry reads the same:
 *   "documentType must be one of 1, 2, 3, 6, 7 or a name (ID, Passport, ...), got \"9\""
 */

/** A short description of what the client sent, for messages. Never echoes long values. */
export function describe(actual: unknown): string {
  if (actual === undefined) return 'nothing';
  if (actual === null) return 'null';
  if (Array.isArray(actual)) return 'an array';
  switch (typeof actual) {
    case 'string':
      return actual.length > 40 ? `a string of ${actual.length} characters` : JSON.stringify(actual);
    case 'number':
    case 'boolean':
      return String(actual);
    case 'object':
      return 'an object';
    default:
      return typeof actual;
  }
}

export function invalidParameter(name: string, expected: string, actual: unknown): string {
  return `${name} must be ${expected}, got ${describe(actual)}`;
}

export class PropertyErrors {
  readonly errors: Record<string, string> = {};

  add(name: string, message: string): void {
    if (!(name in this.errors)) this.errors[name] = message;
  }

  invalid(name: string, expected: string, actual: unknown): void {
    this.add(name, invalidParameter(name, expected, actual));
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}
