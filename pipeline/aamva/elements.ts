/** A subfile body's data elements: one a line, or, where separators were lost, scanned for the version's IDs. */
import { SEPARATOR } from './header.js';

export type Elements = Map<string, string>;

const RECORD = /^\s*([A-Z][A-Z0-9]{2})(.*)$/s;

export function isSeparated(body: string): boolean {
  return body.split(SEPARATOR).filter((line) => line.trim() !== '').length > 1;
}

export function splitElements(body: string, ids: ReadonlySet<string>): Elements {
  return isSeparated(body) ? splitLines(body) : scan(body, ids);
}

function splitLines(body: string): Elements {
  const elements: Elements = new Map();
  for (const line of body.split(SEPARATOR)) {
    const record = RECORD.exec(line);
    if (record === null) continue;
    const [, id = '', value = ''] = record;
    // The first occurrence wins: a repeated ID is a jurisdiction's oddity, not a correction.
    if (!elements.has(id)) elements.set(id, value);
  }
  return elements;
}

function scan(body: string, ids: ReadonlySet<string>): Elements {
  const elements: Elements = new Map();
  const opens = (i: number): string | undefined => {
    const id = body.slice(i, i + 3);
    if (elements.has(id)) return undefined;
    return ids.has(id) ? id : undefined;
  };
  let current: string | undefined;
  let valueStart = 0;
  for (let i = 0; i <= body.length - 3; i++) {
    let id = opens(i);
    if (id === undefined) continue;
    // Overlapping candidates (`RICHMONDDAJ` holds DDA and DAJ): the one starting in the previous value's end loses.
    for (const ahead of [i + 1, i + 2]) {
      const later = opens(ahead);
      if (later !== undefined) {
        id = later;
        i = ahead;
      }
    }
    if (current !== undefined) elements.set(current, body.slice(valueStart, i));
    current = id;
    elements.set(id, '');
    valueStart = i + 3;
    i += 2;
  }
  if (current !== undefined) elements.set(current, body.slice(valueStart));
  return elements;
}
