// Clients send base64, AAMVA or MRZ text, or any as `{ "data": … }`: only told apart here; stored as sent.
import { DocumentType, type DocumentTypeValue } from '../../common/document.js';
import { decodeBase64 } from './images.js';
import { isPlainObject } from './values.js';

export const TRACK_STRING_EXPECTED = 'base64 of the barcode text, the barcode text itself, MRZ text (Passport, PassportCard, GreenCard, InternationalId) or an object { "data": one of these }';

/** The AAMVA header: `@`, three separators (sometimes dropped or spaces), then the file type; `@` is no base64 character. */
const AAMVA_TEXT = /^\s*@[\s\S]{0,8}?(ANSI |AAMVA)/;
/** MRZ text: the MRZ alphabet with line breaks or spaces; `<` stands in every real MRZ and is no base64 character either. */
const MRZ_TEXT = /^[A-Z0-9<\s]+$/;

const MRZ_TYPES: ReadonlySet<number> = new Set([
  DocumentType.Passport, DocumentType.PassportCard, DocumentType.GreenCard, DocumentType.InternationalId,
]);

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

/** Null when none for a licence; for an MRZ document a non-base64 string goes on for the parser to refuse. */
export function trackTextOf(trackString: string, documentType: DocumentTypeValue): string | null {
  if (AAMVA_TEXT.test(trackString)) return trackString.replace(/^\s+/, '');
  const mrzType = MRZ_TYPES.has(documentType);
  if (mrzType && trackString.includes('<') && MRZ_TEXT.test(trackString)) return trackString.trim();
  const bytes = decodeBase64(trackString);
  if (bytes !== null) return textOf(bytes);
  return mrzType ? trackString : null;
}
