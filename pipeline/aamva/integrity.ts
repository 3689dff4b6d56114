/**
 * Per-field confidence for a PDF417 read (contract: -1 not checked, 0 failed, 100 passed).
 *
 * A field's own format decides its value (fields.ts); dates are checked against each other
 * (issue ≤ expiry, issue and birth not in the future). The document-level markers (a standard
 * header, a known IIN, an AAMVA version 0–10) have no field of their own: when one fails, idType
 * and id carry the 0, which the verdict reads as ItsFake.
 *
 * Offsets are checked and reported but do not fail the document: real cards get them wrong
 * (Alberta writes letters, South Carolina is one byte off, keyboard wedges add or drop
 * separators), so an inconsistent directory is no evidence of forgery.
 */
import { DOCUMENT_FIELDS, type Confidences, type DocumentField } from '../../common/document.js';
import type { FieldReadings } from './fields.js';

export interface IntegrityChecks {
  /** The header has the compliance indicator, a standard file type and a readable directory. */
  header: boolean;
  /** The IIN is on AAMVA's list of US and Canadian jurisdictions. */
  iin: boolean;
  /** The AAMVA version is 0–10. */
  version: boolean;
  /** Every directory entry's offset and length point at its subfile. */
  offsets: boolean;
}

export const NOT_CHECKED = -1;
export const FAILED = 0;
export const PASSED = 100;

/** One day of slack for time zones: a card issued "tomorrow" in UTC may be today at home. */
const SLACK_MS = 24 * 60 * 60 * 1000;

/** Confidence of every contract field from the field readings and the document-level checks. */
export function confidences(readings: FieldReadings, checks: IntegrityChecks, now: Date): Confidences {
  const confidence: Confidences = {};
  for (const field of DOCUMENT_FIELDS) {
    const valid = readings.valid[field];
    confidence[field] = valid === undefined ? NOT_CHECKED : valid ? PASSED : FAILED;
  }
  const fail = (field: DocumentField): void => {
    if (confidence[field] !== NOT_CHECKED) confidence[field] = FAILED;
  };

  const { dob, issued, expires } = readings.document;
  const time = (field: DocumentField, value: string | undefined): number | undefined =>
    value !== undefined && confidence[field] === PASSED ? Date.parse(`${value}T00:00:00Z`) : undefined;
  const born = time('dob', dob);
  const issuedAt = time('issued', issued);
  const expiresAt = time('expires', expires);
  const latest = now.getTime() + SLACK_MS;
  if (born !== undefined && born > latest) fail('dob');
  if (issuedAt !== undefined && issuedAt > latest) fail('issued');
  if (issuedAt !== undefined && expiresAt !== undefined && issuedAt > expiresAt) {
    fail('issued');
    fail('expires');
  }

  if (!checks.header || !checks.iin || !checks.version) {
    confidence.idType = FAILED;
    confidence.id = FAILED;
  }
  return confidence;
}
