/** documentType in requests: an integer, a numeric string or a name, case-insensitive; responses carry the integer. */
import { DocumentType, isDocumentType, type DocumentTypeValue } from '../../common/document.js';

const NAMES = new Map<string, DocumentTypeValue>(
  Object.entries(DocumentType).map(([name, value]) => [name.toLowerCase(), value]),
);

export const DOCUMENT_TYPE_EXPECTED =
  `one of ${Object.values(DocumentType).join(', ')} or a name (${Object.keys(DocumentType).join(', ')})`;

export function parseDocumentType(raw: unknown): DocumentTypeValue | null {
  if (typeof raw === 'number') return Number.isInteger(raw) && isDocumentType(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    return isDocumentType(value) ? value : null;
  }
  return NAMES.get(text.toLowerCase()) ?? null;
}
