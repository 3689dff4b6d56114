/** The AAMVA file header and subfile directory, found by file type and IIN: keyboard wedges mangle the separators. */

export interface DirectoryEntry {
  type: string;
  /** Declared offset from the compliance indicator; NaN when not digits (Alberta writes "abac"). */
  offset: number;
  length: number;
}

export interface Header {
  /** Index of "@" (or of the file type when "@" is missing). */
  base: number;
  fileType: string;
  iin: string;
  version: number;
  jurisdictionVersion: number | null;
  entries: number;
  directory: DirectoryEntry[];
  end: number;
  valid: boolean;
}

export const SEPARATOR = /[\n\r\x1e]/;

/** Drops a BOM and maps every C0/C1 control character other than LF, RS and CR to LF, one for one, so offsets keep their meaning. */
export function cleanText(raw: string): string {
  return raw.replace(/^\uFEFF/, '').replace(/[\x00-\x09\x0b\x0c\x0e-\x1d\x1f\x7f-\x9f]/g, '\n');
}

const FILE_TYPE = /(ANSI ?|AAMVA|AMVA ?)(\d{6})(\d{2})/;
/** Offset and length are four digits each; Alberta writes four letters and no length. */
const ENTRY = /^(DL|ID|Z[A-Z0-9])(\d{4}|[a-z]{4})(\d{4})?/;
/** How far the file type may sit from "@": three separators, mangled, doubled or interleaved with a browser's C1 characters. */
const MAX_PREFIX = 12;

export function parseHeader(text: string): Header | undefined {
  const window = text.slice(0, 128);
  const match = FILE_TYPE.exec(window);
  if (match === null) return undefined;
  const [, fileType = '', iin = '', versionText = ''] = match;
  const version = Number(versionText);
  const afterVersion = match.index + match[0].length;
  const at = window.lastIndexOf('@', match.index);
  const base = at >= 0 ? at : match.index;

  // Version 0/1 headers have no jurisdiction version: try the expected layout, then the other.
  const layouts = version <= 1 ? [false, true] : [true, false];
  for (const withJurisdiction of layouts) {
    const read = readDirectory(text, afterVersion, withJurisdiction);
    if (read === undefined) continue;
    const standardType = fileType === 'ANSI ' || fileType === 'ANSI' || fileType === 'AAMVA';
    const prefix = text.slice(0, base);
    const valid = standardType && at >= 0 && prefix.trim() === '' && match.index - at <= MAX_PREFIX
      && read.entries >= 1 && read.directory.length === read.entries;
    return { base, fileType, iin, version, valid, ...read };
  }
  return { base, fileType, iin, version, jurisdictionVersion: null, entries: 0, directory: [], end: afterVersion, valid: false };
}

function readDirectory(text: string, from: number, withJurisdiction: boolean):
  Pick<Header, 'jurisdictionVersion' | 'entries' | 'directory' | 'end'> | undefined {
  let position = from;
  let jurisdictionVersion: number | null = null;
  if (withJurisdiction) {
    const jv = text.slice(position, position + 2);
    if (!/^\d{2}$/.test(jv)) return undefined;
    jurisdictionVersion = Number(jv);
    position += 2;
  }
  const count = text.slice(position, position + 2);
  if (!/^\d{2}$/.test(count)) return undefined;
  const entries = Number(count);
  position += 2;
  const directory: DirectoryEntry[] = [];
  // Read the entries that are there even when the count is wrong (Ontario writes 00).
  for (let i = 0; i < Math.max(entries, 1) + 8; i++) {
    const entry = ENTRY.exec(text.slice(position, position + 10));
    if (entry === null) break;
    const [whole, type = '', offset = '', length = ''] = entry;
    directory.push({ type, offset: toNumber(offset), length: toNumber(length) });
    position += whole.length;
    if (i + 1 >= entries && !looksLikeEntry(text, position)) break;
  }
  if (directory.length === 0) return undefined;
  return { jurisdictionVersion, entries, directory, end: position };
}

function looksLikeEntry(text: string, position: number): boolean {
  return ENTRY.test(text.slice(position, position + 10));
}

function toNumber(text: string): number {
  return /^\d{4}$/.test(text) ? Number(text) : NaN;
}
