/** The payload's subfiles: directory offsets trusted where they point at the type, else the type is searched. */
import type { DirectoryEntry, Header } from './header.js';

export interface Subfile {
  type: string;
  body: string;
}

export interface LocatedSubfiles {
  subfiles: Subfile[];
  offsetsConsistent: boolean;
}

interface Placed {
  type: string;
  start: number;
  bodyStart: number;
  /** Where the declared offset and length say the subfile ends, when the offset was right. */
  declaredEnd: number | undefined;
}

const ELEMENT_AT = /^[A-Z]{3}/;

export function locateSubfiles(text: string, header: Header): LocatedSubfiles {
  const placed: Placed[] = [];
  let searchFrom = header.end;
  for (const entry of header.directory) {
    const spot = placeAtOffset(text, header, entry)
      ?? search(text, entry.type, searchFrom, placed.length === 0 ? header.end : undefined);
    if (spot === undefined) continue;
    placed.push(spot);
    searchFrom = spot.bodyStart;
  }
  placed.sort((a, b) => a.start - b.start);
  // Each subfile runs to the next one: declared lengths are too often wrong to cut by them.
  const ends = placed.map((_, i) => placed[i + 1]?.start ?? text.length);
  const subfiles = placed.map((spot, i) => ({
    type: spot.type,
    body: text.slice(spot.bodyStart, ends[i]).replace(/[\n\r\x1e\s]+$/, ''),
  }));
  // The last subfile may lose its final segment terminator or gain a trailing newline.
  const trimmedEnd = text.replace(/\s+$/, '').length;
  const consistent = placed.length === header.directory.length && placed.every((spot, i) => {
    if (spot.declaredEnd === undefined) return false;
    if (i < placed.length - 1) return spot.declaredEnd === ends[i];
    return spot.declaredEnd >= trimmedEnd && spot.declaredEnd <= text.length + 1;
  });
  return { subfiles, offsetsConsistent: consistent };
}

function placeAtOffset(text: string, header: Header, entry: DirectoryEntry): Placed | undefined {
  if (!Number.isFinite(entry.offset) || !Number.isFinite(entry.length)) return undefined;
  const start = header.base + entry.offset;
  const declaredEnd = start + entry.length;
  if (text.startsWith(entry.type, start)) return { type: entry.type, start, bodyStart: start + 2, declaredEnd };
  // Version 1 cards (Connecticut) start the DL subfile with its first element, without the type.
  if (isDocumentType(entry.type) && start === header.end && ELEMENT_AT.test(text.slice(start, start + 3))) {
    return { type: entry.type, start, bodyStart: start, declaredEnd };
  }
  return undefined;
}

function search(text: string, type: string, from: number, directoryEnd: number | undefined): Placed | undefined {
  if (directoryEnd !== undefined && isDocumentType(type)) {
    if (text.startsWith(type, directoryEnd)) return { type, start: directoryEnd, bodyStart: directoryEnd + 2, declaredEnd: undefined };
    if (ELEMENT_AT.test(text.slice(directoryEnd, directoryEnd + 3))) {
      return { type, start: directoryEnd, bodyStart: directoryEnd, declaredEnd: undefined };
    }
  }
  // Elsewhere the type is followed by one of its own elements (ZMZMA…), or a separator or the end when empty.
  const pattern = isDocumentType(type) ? new RegExp(`${type}(?=[A-Z]{3})`, 'g') : new RegExp(`${type}(?=${type}|[\\n\\r\\x1e]|$)`, 'g');
  pattern.lastIndex = from;
  const found = pattern.exec(text);
  if (found === null) return undefined;
  return { type, start: found.index, bodyStart: found.index + 2, declaredEnd: undefined };
}

function isDocumentType(type: string): boolean {
  return type === 'DL' || type === 'ID';
}
