/** The AAMVA parser: PDF417 text → fields with integrity confidences (cleanText, header, subfiles, elements, fields). */
import type { Confidences, DocumentFields } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import { splitElements, type Elements } from './elements.js';
import { CORE_IDS, LATEST_VERSION, scanIds } from './field-codes.js';
import { readFields } from './fields.js';
import { cleanText, parseHeader, type Header } from './header.js';
import { jurisdictionByIin } from './iin.js';
import { confidences, type IntegrityChecks } from './integrity.js';
import { locateSubfiles } from './subfiles.js';

export interface AamvaResult {
  document: DocumentFields;
  confidence: Confidences;
  /** -1 when the text has no header. */
  version: number;
  iin: string;
  /** The IIN's jurisdiction (`MA`, `ON`); null when unknown. */
  jurisdiction: string | null;
  subfiles: string[];
  integrity: IntegrityChecks;
}

const MIN_CORE_IDS = 3;

/** Parses AAMVA PDF417 text; throws only TrackStringParserError. */
export function parseAamva(text: string): AamvaResult {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof CodedError) throw error;
    throw new CodedError('TrackStringParserError', undefined, error instanceof Error ? error.message : String(error));
  }
}

function parse(raw: string): AamvaResult {
  if (typeof raw !== 'string') throw notAamva('the input is not text');
  const text = cleanText(raw);
  const header = parseHeader(text);
  const { type, body, zTypes, offsets } = header === undefined ? headerless(text) : documentSubfile(text, header);
  const version = header?.version ?? -1;
  const elements = splitElements(body, scanIds(header?.version));
  const core = [...elements.keys()].filter((id) => CORE_IDS.has(id)).length;
  if (core === 0 || (header === undefined && core < MIN_CORE_IDS)) {
    throw notAamva(header === undefined ? 'no AAMVA header and no element IDs' : 'no DL/ID elements after the header');
  }

  const issuer = header === undefined ? undefined : jurisdictionByIin(header.iin);
  const readings = readFields(elements, { version: effectiveVersion(version, elements), issuer, documentType: type });
  const integrity: IntegrityChecks = {
    header: header?.valid ?? false,
    iin: issuer !== undefined,
    version: version >= 0 && version <= LATEST_VERSION,
    offsets,
  };
  return {
    document: readings.document,
    confidence: confidences(readings, integrity, new Date()),
    version,
    iin: header?.iin ?? '',
    jurisdiction: issuer?.code ?? null,
    subfiles: [...(type === undefined ? [] : [type]), ...zTypes],
    integrity,
  };
}

interface DocumentSubfile {
  type: string | undefined;
  body: string;
  zTypes: string[];
  offsets: boolean;
}

function documentSubfile(text: string, header: Header): DocumentSubfile {
  const located = locateSubfiles(text, header);
  const document = located.subfiles.find((subfile) => subfile.type === 'DL' || subfile.type === 'ID');
  const zTypes = located.subfiles.filter((subfile) => subfile !== document).map((subfile) => subfile.type);
  if (document !== undefined) return { type: document.type, body: document.body, zTypes, offsets: located.offsetsConsistent };
  // The directory names no document subfile that could be found: read what follows it.
  const listed = header.directory.find((entry) => entry.type === 'DL' || entry.type === 'ID')?.type;
  return { type: listed, body: text.slice(header.end), zTypes, offsets: false };
}

function headerless(text: string): DocumentSubfile {
  const trimmed = text.replace(/^[\s@]+/, '');
  const typed = /^(DL|ID)(?=[A-Z]{3})/.exec(trimmed);
  return { type: typed?.[1], body: typed === null ? trimmed : trimmed.slice(2), zTypes: [], offsets: false };
}

/** Without a header, the names used tell the layout: DAA is the 2000 layout, DCT 2003–2005. */
function effectiveVersion(version: number, elements: Elements): number {
  if (version >= 0) return version;
  if (elements.has('DAA')) return 1;
  if (elements.has('DCT')) return 3;
  return LATEST_VERSION;
}

function notAamva(details: string): CodedError {
  return new CodedError('TrackStringParserError', undefined, details);
}
