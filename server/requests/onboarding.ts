// A coded pipeline failure is a failed attempt; the pipeline being unavailable is no attempt at all.
import { randomUUID } from 'node:crypto';
import { RequestStatus, VerdictStatus } from '../../common/document.js';
import { CodedError, ERROR_CODES, PIPELINE_ERROR_CODES } from '../../common/errors.js';
import type { ValidationRequestRecord, VerificationRequestRecord } from '../store/store.js';
import type { ValidContent } from '../validation/content.js';
import type { NewValidationRequest } from '../validation/onboarding.js';
import { statusName } from './states.js';
import { createRequest, verifyCreated, type VerificationDeps } from './verification.js';

type Json = Record<string, unknown>;

/** `createdUtc` is ISO 8601 UTC without a zone suffix, as the contract has it. */
export function validationItem(record: ValidationRequestRecord): Json {
  return {
    validationRequestId: record.id,
    firstName: record.firstName,
    lastName: record.lastName,
    phone: record.phone,
    email: record.email,
    openedLinkTimes: record.openedLinkTimes,
    createdUtc: record.createdUtc.toISOString().replace(/Z$/, ''),
    completed: record.completed,
    status: record.status,
    statusName: statusName(record.status),
    lastResponseId: record.lastResponseId,
    successResponseId: record.successResponseId,
    attemptsUsed: record.attemptsUsed,
    documentExpired: record.documentExpired,
    metadata: { ...record.metadata },
  };
}

export function newValidationRecord(accountId: string, input: NewValidationRequest): ValidationRequestRecord {
  return {
    id: randomUUID(),
    accountId,
    location: input.location,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    email: input.email,
    metadata: input.metadata,
    openedLinkTimes: 0,
    createdUtc: new Date(),
    completed: false,
    status: RequestStatus.Pending,
    lastResponseId: null,
    successResponseId: null,
    attemptsUsed: 0,
    documentExpired: null,
    erasedAt: null,
  };
}

export interface AttemptOutcome {
  validationRequest: Json;
  responseId: string;
  succeeded: boolean;
  verificationResult: Json | null;
  failureCode: string | null;
  failureMessage: string | null;
}

/** An attempt succeeds when the check produced a result whose verdict is OK. */
function verdictOf(response: Json | null): number | undefined {
  return (response?.documentVerificationResult as { status?: number } | null | undefined)?.status;
}

/** The stored result keeps the face crops after retention deleted the images. */
export function storedOutcome(invitation: ValidationRequestRecord, request: VerificationRequestRecord): AttemptOutcome {
  const response = request.status === RequestStatus.Success ? request.result : null;
  const expired = request.status === RequestStatus.Expired;
  return {
    validationRequest: validationItem(invitation),
    responseId: request.id,
    succeeded: response !== null && verdictOf(response) === VerdictStatus.OK,
    verificationResult: response,
    failureCode: expired ? 'RequestExpired' : request.failureCode,
    failureMessage: expired ? ERROR_CODES.RequestExpired.message : request.failureMessage,
  };
}

export async function runAttempt(
  deps: VerificationDeps, invitation: ValidationRequestRecord, content: ValidContent, keyHash: string,
): Promise<AttemptOutcome> {
  if (invitation.completed) throw new CodedError('RequestAlreadyProcessed');
  const request = await createRequest(deps, { accountId: invitation.accountId, keyHash, onboardingId: invitation.id }, content);
  let response: Json | null = null;
  let failure: CodedError | null = null;
  try {
    response = await verifyCreated(deps, request);
  } catch (error) {
    if (!(error instanceof CodedError) || !PIPELINE_ERROR_CODES.has(error.code)) throw error;
    failure = error;
  }
  const verdict = verdictOf(response);
  const succeeded = response !== null && verdict === VerdictStatus.OK;
  const updated = await deps.store.recordAttempt(invitation.id, {
    responseId: request.id,
    succeeded,
    documentExpired: response === null ? null : verdict === VerdictStatus.Expired,
    documentType: request.documentType,
  });
  if (updated === null) throw new CodedError('NotFound');
  return {
    validationRequest: validationItem(updated),
    responseId: request.id,
    succeeded,
    verificationResult: response,
    failureCode: failure?.code ?? null,
    failureMessage: failure?.message ?? null,
  };
}
