/**
 * The checks a verdict comes from (decisions.md, "Verdict"), shared by the pipeline that makes
 * them and the front door that reports them in `documentVerificationResult.checks`.
 */
import type { DocumentField } from './document.js';

/** Check names, as decisions.md lists them. */
export const CHECK_NAMES = Object.freeze([
  'barcodeIntegrity', 'mrzCheckDigits', 'documentNumberMatch', 'dateOfBirthMatch', 'expiryDateMatch',
  'familyNameMatch', 'firstNameMatch', 'issueDateMatch', 'sexMatch', 'notExpired', 'mrzTextMatch',
] as const);

export type CheckName = (typeof CHECK_NAMES)[number];

export const CHECK_RESULTS = Object.freeze(['passed', 'failed', 'undetermined', 'notChecked'] as const);

export type CheckResult = (typeof CHECK_RESULTS)[number];

export interface VerificationCheck {
  name: CheckName;
  /** The document field compared, for a field's check. */
  field?: DocumentField;
  result: CheckResult;
  /** The front's reading of the field, where the front was read there. */
  visual?: string;
  /** The machine-readable value of the field. */
  machineReadable?: string;
  /** 0–100, an integer: how strongly the evidence supports the machine-readable value. */
  score?: number;
  /** One plain sentence: what was found. */
  reason: string;
  /**
   * Pipeline-internal: nats by which the field line's frames favour the front's own reading over
   * the machine-readable value (pipeline/verdict/field-evidence.ts). The front door drops it.
   */
  margin?: number;
}
