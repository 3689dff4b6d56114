/**
 * How the forgery bench reads an answer: its key-field checks (decisions.md, "Verdict") and their
 * margins, and the document's outcome as ItsFake, LowConfidence, OK, Expired or an error.
 */
import { VerdictStatus } from '../../common/document.js';
import type { Answer, CheckRecord } from './verify.js';

/** The key-field checks, by the field each compares. */
export const KEY_FIELD_CHECKS: Readonly<Record<string, string>> = Object.freeze({
  documentNumberMatch: 'id', dateOfBirthMatch: 'dob', expiryDateMatch: 'expires', familyNameMatch: 'familyName',
  firstNameMatch: 'firstName', issueDateMatch: 'issued', sexMatch: 'gender',
});

export const isKeyFieldCheck = (check: CheckRecord): boolean => check.name in KEY_FIELD_CHECKS;

/** The field a key-field check compares: its own `field`, else the one its name stands for. */
export const fieldOf = (check: CheckRecord): string | undefined => check.field ?? KEY_FIELD_CHECKS[check.name];

/** The margins (nats) of an answer's key-field checks that carry one. */
export function keyFieldMargins(answer: Answer): { field: string; margin: number }[] {
  return answer.checks.flatMap((check) => {
    const field = fieldOf(check);
    return isKeyFieldCheck(check) && check.margin !== undefined && field !== undefined ? [{ field, margin: check.margin }] : [];
  });
}

/** The margin of the check that compares `field`, where the answer has one. */
export function marginOf(answer: Answer, field: string): number | undefined {
  return keyFieldMargins(answer).find((entry) => entry.field === field)?.margin;
}

export type Outcome = 'ItsFake' | 'LowConfidence' | 'OK' | 'Expired' | 'error';

/**
 * The document's outcome. Expired comes before LowConfidence in the verdict, so an expired
 * document (most real specimens are) whose key-field check is undetermined would not pass either:
 * it counts as LowConfidence, read from its checks.
 */
export function outcome(answer: Answer): Outcome {
  if (!answer.ok || answer.status === undefined) return 'error';
  switch (answer.status) {
    case VerdictStatus.ItsFake: return 'ItsFake';
    case VerdictStatus.LowConfidence: return 'LowConfidence';
    case VerdictStatus.OK: return 'OK';
    default:
      return answer.checks.some((check) => isKeyFieldCheck(check) && check.result === 'undetermined') ? 'LowConfidence' : 'Expired';
  }
}

/** The names of the checks an answer failed (undetermined ones with `result`). */
export const checksWith = (answer: Answer, result: string): string[] => answer.checks.filter((check) => check.result === result).map((check) => check.name);
