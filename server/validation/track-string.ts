/**
 * `trackString` as clients send it (decisions.md, "Machine-readable input sent by the client"):
 *
 *   "QEAKHg0…"                  base64 of the barcode text, as the contract says
 *   "@\n\u001e\rANSI 6360…"     the decoded AAMVA text itself (what a scanner hands over)
 *   "P<UTOERIKSSON<<ANNA…"      for MRZ documents, the MRZ text a capture client already read
 *   { "data": any of these }    the vendor's newer clients wrap it so
 *
 * The front door only tells these apart and decodes base64: the pipeline parses the text (AAMVA
 * or MRZ, with its check digits) and answers TrackStringParserError when it is neither. The
 * string is stored as sent, so that content retrieval returns what the client gave, and is told
 * apart again when a stored request is verified.
 */
import { DocumentType, type DocumentTypeValue } from '../../common/document.js';
import { decodeBase64 } from './images.js';
import { isPlainObject } from './values.js';

export const TRACK_STRING_EXPECTED = 'base64 of the barcode text, the barcode text itself, MRZ text (Passport, PassportCard, GreenCard, InternationalId) or an object { "data": one of these }';

/**
 * The AAMVA header: the compliance indicator `@`, three separators (which clients and JSON
 * encoders sometimes drop or turn into spaces), then the file type. `@` is no base64 character,
 * so such a text is never mistaken for base64.
 */
const AAMVA_TEXT = /^\s*@[\s\S]{0,8}?(ANSI |AAMVA)/;
/**
 * MRZ text: the MRZ alphabet with line breaks or spaces between lines. The filler `<` stands in
 * every real MRZ (the name field's `<<` at least) and is no base64 character either.
 */
const MRZ_TEXT = /^[A-Z0-9<\s]+$/;

const MRZ_TYPES: ReadonlySet<number> = new Set([
  DocumentType.Passport, DocumentType.PassportCard, DocumentType.GreenCard, DocumentType.InternationalId,
]);

/** The string a client sent as trackString (unwrapped from `{ "data": … }`); undefined when it is of another shape. */
export function trackStringOf(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (isPlainObject(raw) && typeof raw.data === 'string') return raw.data;
  return undefined;
}

/** Barcode text is ASCII in practice; UTF-8 when valid, else bytes kept one-to-one as latin1. */
function textOf(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/**
 * The text the pipeline reads for a trackString of a `documentType` document: the AAMVA or MRZ
 * text as sent, else the base64 decoded. Null when it is none of these for a licence (a field
 * problem of the body); for an MRZ document a string that is not base64 goes on as sent, for the
 * MRZ parser to refuse with TrackStringParserError.
 */
export function trackTextOf(trackString: string, documentType: DocumentTypeValue): string | null {
  if (AAMVA_TEXT.test(trackString)) return trackString.replace(/^\s+/, '');
  const mrzType = MRZ_TYPES.has(documentType);
  if (mrzType && trackString.includes('<') && MRZ_TEXT.test(trackString)) return trackString.trim();
  const bytes = decodeBase64(trackString);
  if (bytes !== null) return textOf(bytes);
  return mrzType ? trackString : null;
}
