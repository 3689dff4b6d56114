/** Per-field confidence (-1, 0, 100); document markers fail idType and id; offsets fail nothing: real cards get them wrong. */
import { DOCUMENT_FIELDS, type Confidences, type DocumentField } from '../../common/document.js';
import type { FieldReadings } from './fields.js';

export interface IntegrityChecks {
  header: boolean;
  iin: boolean;
  version: boolean;
  offsets: boolean;
}

export const NOT_CHECKED = -1;
export const FAILED = 0;
export const PASSED = 100;

/** One day of slack for time zones: a card issued "tomorrow" in UTC may be today at home. */
const SLACK_MS = 24 * 60 * 60 * 1000;

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
