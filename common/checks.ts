/** The checks a verdict comes from (decisions.md, "Verdict"), shared by the pipeline and the front door. */
import type { DocumentField } from './document.js';

export const CHECK_NAMES = Object.freeze([
  'barcodeIntegrity', 'mrzCheckDigits', 'documentNumberMatch', 'dateOfBirthMatch', 'expiryDateMatch',
  'familyNameMatch', 'firstNameMatch', 'issueDateMatch', 'sexMatch', 'notExpired', 'mrzTextMatch',
] as const);

export type CheckName = (typeof CHECK_NAMES)[number];

export const CHECK_RESULTS = Object.freeze(['passed', 'failed', 'undetermined', 'notChecked'] as const);

export type CheckResult = (typeof CHECK_RESULTS)[number];

export interface VerificationCheck {
  name: CheckName;
  field?: DocumentField;
  result: CheckResult;
  /** The front's reading of the field, where the front was read there. */
  visual?: string;
  machineReadable?: string;
  /** 0–100, an integer: how strongly the evidence supports the machine-readable value. */
  score?: number;
  /** One plain sentence: what was found. */
  reason: string;
  /** Pipeline-internal evidence in nats (pipeline/verdict/field-evidence.ts); the front door drops it. */
  margin?: number;
}
