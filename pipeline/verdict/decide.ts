/**
 * The verdict of decisions.md, first match wins: 1 ItsFake (an integrity check or a key field's
 * comparison failed), 2 Expired (`expires` before today, UTC), 3 LowConfidence (a comparison
 * undetermined, or totalConfidence < 80), 0 OK. totalConfidence never outweighs a check.
 */
import type { VerificationCheck } from '../../common/checks.js';
import {
  DOCUMENT_FIELDS, VerdictStatus, type Confidences, type DocumentField, type VerdictStatusValue,
} from '../../common/document.js';
import type { Reading } from '../front/labels.js';
import type { FieldSet } from '../job.js';
import { keyFieldChecks } from './field-checks.js';
import { similarity } from './similarity.js';

export { KEY_FIELDS } from './field-checks.js';

const LOW_CONFIDENCE_BELOW = 80;

export interface Verdict {
  status: VerdictStatusValue;
  verificationConfidence: Confidences;
  totalConfidence: number;
  checks: VerificationCheck[];
}

export interface VerdictInput {
  machine?: FieldSet;
  visual?: FieldSet;
  readings?: ReadonlyMap<DocumentField, Reading>;
  kind: 'mrz' | 'barcode';
  /** `mrzTextMatch`, where the client sent MRZ text (pipeline/mrz/compare-text.ts). */
  textMatch?: VerificationCheck;
}

/** Per field: a key field's check score; else, on both sides, the values' similarity; on one side, that side's trust. */
function verificationConfidence(input: VerdictInput, checks: readonly VerificationCheck[]): Confidences {
  const result: Confidences = {};
  for (const field of DOCUMENT_FIELDS) {
    const mr = input.machine?.document[field];
    const vi = input.visual?.document[field];
    const score = checks.find((c) => c.field === field && c.visual !== undefined)?.score;
    if (score !== undefined) result[field] = score;
    else if (mr !== undefined && vi !== undefined) result[field] = similarity(mr, vi);
    else if (mr !== undefined) result[field] = Math.max(0, input.machine?.confidence[field] ?? 0);
    else if (vi !== undefined) result[field] = Math.max(0, input.visual?.confidence[field] ?? 0);
  }
  return result;
}

/** The machine-readable part's own check; confidence 0 marks a field whose integrity check failed. */
function integrityCheck(input: VerdictInput): VerificationCheck | undefined {
  if (input.machine === undefined) return undefined;
  const name = input.kind === 'mrz' ? 'mrzCheckDigits' : 'barcodeIntegrity';
  const failed = Object.entries(input.machine.confidence).filter(([, value]) => value === 0).map(([field]) => field);
  if (failed.length === 0) {
    return { name, result: 'passed', reason: input.kind === 'mrz' ? 'Every check digit of the MRZ holds.' : 'The barcode\'s header and fields are well formed.' };
  }
  const list = failed.join(', ');
  return { name, result: 'failed', reason: input.kind === 'mrz' ? `The MRZ's check digits fail for ${list}.` : `The barcode fails its integrity checks for ${list}.` };
}

function expiryCheck(input: VerdictInput, today: Date): VerificationCheck {
  const expires = input.machine?.document.expires ?? input.visual?.document.expires;
  if (expires === undefined) return { name: 'notExpired', field: 'expires', result: 'notChecked', reason: 'No expiry date was read.' };
  const day = today.toISOString().slice(0, 10);
  return expires < day
    ? { name: 'notExpired', field: 'expires', result: 'failed', reason: `The document expired on ${expires}.` }
    : { name: 'notExpired', field: 'expires', result: 'passed', reason: `The document is valid until ${expires}.` };
}

export function decide(input: VerdictInput, today: Date): Verdict {
  const integrity = integrityCheck(input);
  const fields = input.machine !== undefined && input.visual !== undefined
    ? keyFieldChecks({
      machine: input.machine.document, machineTrust: input.machine.confidence, visual: input.visual.document, readings: input.readings ?? new Map(),
      source: input.kind === 'mrz' ? 'the MRZ' : 'the barcode', transliterated: input.kind === 'mrz',
    })
    : [];
  const expiry = expiryCheck(input, today);
  const integrityChecks = [integrity, input.textMatch].filter((check): check is VerificationCheck => check !== undefined);
  const checks = [...integrityChecks, ...fields, expiry];
  const confidence = verificationConfidence(input, fields);
  const values = Object.values(confidence);
  const totalConfidence = values.length === 0 ? 0 : Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  let status: VerdictStatusValue = VerdictStatus.OK;
  const weighed = [...integrityChecks, ...fields];
  if (weighed.some((c) => c.result === 'failed')) status = VerdictStatus.ItsFake;
  else if (expiry.result === 'failed') status = VerdictStatus.Expired;
  else if (weighed.some((c) => c.result === 'undetermined') || totalConfidence < LOW_CONFIDENCE_BELOW) status = VerdictStatus.LowConfidence;
  return { status, verificationConfidence: confidence, totalConfidence, checks };
}
