// claim → Verify → complete | fail | release (pipeline unavailable); every write is durable before the answer.
import { randomUUID } from 'node:crypto';
import { RequestStatus } from '../../common/document.js';
import { CodedError, PIPELINE_ERROR_CODES } from '../../common/errors.js';
import type { PipelineClient } from '../pipeline-client.js';
import type { RequestContent, Store, VerificationRequestRecord } from '../store/store.js';
import { decodeTrackString, type ValidContent } from '../validation/content.js';
import { pendingCapProblem } from './pending-cap.js';
import { verificationResponse, withContent } from './response.js';

export interface VerificationDeps {
  store: Store;
  pipeline: PipelineClient;
  requestTtlSeconds: number;
  pipelineDeadlineMs: number;
}

type Json = Record<string, unknown>;

export function storedContent(content: ValidContent): RequestContent {
  return {
    frontImage: content.frontImage,
    backImage: content.backImage,
    faceImage: content.faceImage,
    trackString: content.trackString,
    verifyFace: content.verifyFace,
  };
}

export interface RequestOwner {
  accountId: string;
  keyHash: string;
  onboardingId?: string | null;
  /** A public key's cap (pending-cap.ts); absent: none. */
  maxPending?: number;
}

/** Over the owner's cap it stores nothing and throws 429 TooManyRequests. */
export async function createRequest(deps: VerificationDeps, owner: RequestOwner, content: ValidContent): Promise<VerificationRequestRecord> {
  const created = new Date();
  const record: VerificationRequestRecord = {
    id: randomUUID(),
    accountId: owner.accountId,
    documentType: content.documentType,
    status: RequestStatus.Pending,
    content: storedContent(content),
    imagesDeleted: false,
    created,
    expiresAt: new Date(created.getTime() + deps.requestTtlSeconds * 1000),
    finishedAt: null,
    result: null,
    failureCode: null,
    failureMessage: null,
    claimedAt: null,
    onboardingId: owner.onboardingId ?? null,
    erasedAt: null,
    createdByKey: owner.keyHash,
  };
  if (!await deps.store.insertRequest(record, owner.maxPending)) {
    throw await pendingCapProblem(deps.store, owner.keyHash, owner.maxPending!, created);
  }
  return record;
}

/** A claim older than the pipeline deadline plus a margin belongs to a dead caller: taken over. */
async function claim(deps: VerificationDeps, id: string): Promise<VerificationRequestRecord> {
  const now = new Date();
  const staleBefore = new Date(now.getTime() - deps.pipelineDeadlineMs - 30_000);
  const outcome = await deps.store.claimRequest(id, now, staleBefore);
  if (outcome.ok) return outcome.request;
  switch (outcome.reason) {
    case 'NotFound':
      throw new CodedError('NotFound');
    case 'Expired':
      throw new CodedError('RequestExpired');
    case 'Erased':
      throw new CodedError('Erased');
    case 'AlreadyProcessed':
    case 'InProgress':
      throw new CodedError('RequestAlreadyProcessed');
  }
}

async function runClaimed(deps: VerificationDeps, record: VerificationRequestRecord): Promise<Json> {
  const { content } = record;
  let output;
  try {
    output = await deps.pipeline.verify({
      documentType: record.documentType,
      front: content.frontImage,
      back: content.backImage,
      face: content.verifyFace ? content.faceImage : null,
      trackText: content.trackString === null ? null : decodeTrackString(content.trackString, record.documentType),
      verifyFace: content.verifyFace,
    });
  } catch (thrown) {
    const error = thrown instanceof CodedError ? thrown : CodedError.fromWire(thrown);
    if (PIPELINE_ERROR_CODES.has(error.code)) {
      await deps.store.failRequest(record.id, error.code, error.message, new Date());
    } else {
      await deps.store.releaseClaim(record.id);
    }
    throw error;
  }
  const response = verificationResponse(output, record);
  await deps.store.completeRequest(record.id, response, new Date());
  return response;
}

/** Another account's request answers NotFound, as a missing one does. */
export async function verifyStored(deps: VerificationDeps, accountId: string, id: string, returnContent: boolean): Promise<Json> {
  const existing = await deps.store.getRequest(id);
  if (existing === null || existing.accountId !== accountId) throw new CodedError('NotFound');
  if (existing.erasedAt !== null) throw new CodedError('Erased');
  const record = await claim(deps, id);
  const response = await runClaimed(deps, record);
  return returnContent ? withContent(response, record.content) : response;
}

export async function verifyCreated(deps: VerificationDeps, record: VerificationRequestRecord): Promise<Json> {
  return runClaimed(deps, await claim(deps, record.id));
}
