/**
 * The verdict of decisions.md, first match wins:
 *   1 ItsFake       a machine-readable integrity marker is 0, or a key field of visual and
 *                   machine-readable agrees below 50 %;
 *   2 Expired       `expires` is before today (UTC);
 *   3 LowConfidence totalConfidence < 80;
 *   0 OK.
 */
import {
  DOCUMENT_FIELDS, VerdictStatus, type Confidences, type DocumentField, type VerdictStatusValue,
} from '../../common/document.js';
import type { FieldSet } from '../job.js';
import { similarity } from './similarity.js';

/** Fields whose disagreement between the front and the machine-readable part is forgery evidence. */
export const KEY_FIELDS: readonly DocumentField[] = Object.freeze(['id', 'dob', 'expires', 'familyName']);
const KEY_FIELD_MIN_SIMILARITY = 50;
const LOW_CONFIDENCE_BELOW = 80;

export interface Verdict {
  status: VerdictStatusValue;
  verificationConfidence: Confidences;
  totalConfidence: number;
}

/** Per field: similarity where both sides hold a value, otherwise that side's own trust. */
export function verificationConfidence(machine: FieldSet | undefined, visual: FieldSet | undefined): Confidences {
  const result: Confidences = {};
  for (const field of DOCUMENT_FIELDS) {
    const mr = machine?.document[field];
    const vi = visual?.document[field];
    if (mr !== undefined && vi !== undefined) result[field] = similarity(mr, vi);
    else if (mr !== undefined) result[field] = Math.max(0, machine?.confidence[field] ?? 0);
    else if (vi !== undefined) result[field] = Math.max(0, visual?.confidence[field] ?? 0);
  }
  return result;
}

export function decide(machine: FieldSet | undefined, visual: FieldSet | undefined, today: Date): Verdict {
  const confidence = verificationConfidence(machine, visual);
  const values = Object.values(confidence);
  const totalConfidence = values.length === 0 ? 0 : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
  // Machine-readable confidence 0 means a check failed (PDF417 integrity marker, MRZ check digit).
  const integrityFailed = machine !== undefined && Object.values(machine.confidence).some((value) => value === 0);
  const keyFieldDisagrees = machine !== undefined && visual !== undefined && KEY_FIELDS.some((field) =>
    machine.document[field] !== undefined && visual.document[field] !== undefined
    && (confidence[field] ?? 100) < KEY_FIELD_MIN_SIMILARITY);
  let status: VerdictStatusValue = VerdictStatus.OK;
  const expires = machine?.document.expires ?? visual?.document.expires;
  if (integrityFailed || keyFieldDisagrees) status = VerdictStatus.ItsFake;
  else if (expires !== undefined && expires < today.toISOString().slice(0, 10)) status = VerdictStatus.Expired;
  else if (totalConfidence < LOW_CONFIDENCE_BELOW) status = VerdictStatus.LowConfidence;
  return { status, verificationConfidence: confidence, totalConfidence };
}
