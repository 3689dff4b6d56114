/** The contract's document vocabulary: the 24 field names, document types and verdict values. */

export const DOCUMENT_FIELDS = Object.freeze([
  'idType', 'country', 'abbrCountry', 'abbr3Country', 'id', 'dob', 'issued', 'expires',
  'fullName', 'privateName', 'familyName', 'city', 'state', 'zip', 'address', 'class',
  'gender', 'height', 'eyes', 'hair', 'weight', 'template', 'firstName', 'middleName',
] as const);

export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

/** Field values as read; a field the source does not hold is absent. */
export type DocumentFields = Partial<Record<DocumentField, string>>;

/** Per-field confidence; in responses every field is present, -1 meaning "no value / not checked" (docs/api.md). */
export type Confidences = Partial<Record<DocumentField, number>>;

export const DocumentType = Object.freeze({
  ID: 1,
  Passport: 2,
  PassportCard: 3,
  GreenCard: 6,
  InternationalId: 7,
} as const);

export type DocumentTypeValue = (typeof DocumentType)[keyof typeof DocumentType];

export function isDocumentType(value: number): value is DocumentTypeValue {
  return (Object.values(DocumentType) as number[]).includes(value);
}

/** documentVerificationResult.status values (decisions.md, Verdict). */
export const VerdictStatus = Object.freeze({
  OK: 0,
  ItsFake: 1,
  Expired: 2,
  LowConfidence: 3,
} as const);

export type VerdictStatusValue = (typeof VerdictStatus)[keyof typeof VerdictStatus];

/** Request and validation-request status values (decisions.md, Requests and states). */
export const RequestStatus = Object.freeze({
  Pending: 0,
  Success: 1,
  Failed: 2,
  Expired: 3,
} as const);

export type RequestStatusValue = (typeof RequestStatus)[keyof typeof RequestStatus];

export const REQUEST_STATUS_NAMES: Readonly<Record<RequestStatusValue, string>> = Object.freeze({
  0: 'Pending',
  1: 'Success',
  2: 'Failed',
  3: 'Expired',
});
