// All fields always present (null, or -1 not checked) so a typed client sees one shape; verdict
// numbers are integers, as the vendor's clients read `int`.
import { DOCUMENT_FIELDS, RequestStatus } from '../../common/document.js';
import type { DocumentVerificationResult__Output } from '../../proto/generated/idv/pipeline/v1/DocumentVerificationResult.js';
import type { VerificationCheck__Output } from '../../proto/generated/idv/pipeline/v1/VerificationCheck.js';
import { captureFeedbackFields } from '../capture-feedback.js';
import type { PipelineVerifyResponse } from '../pipeline-client.js';
import type { RequestContent, VerificationRequestRecord } from '../store/store.js';
import { statusName } from './states.js';

type Json = Record<string, unknown>;

export function documentObject(values: Readonly<Record<string, string>> | null | undefined): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const field of DOCUMENT_FIELDS) {
    const value = values?.[field];
    out[field] = typeof value === 'string' && value !== '' ? value : null;
  }
  return out;
}

export function confidenceObject(values: Readonly<Record<string, number>> | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const field of DOCUMENT_FIELDS) {
    const value = values?.[field];
    out[field] = typeof value === 'number' && Number.isFinite(value) ? value : -1;
  }
  return out;
}

function integerConfidenceObject(values: Readonly<Record<string, number>> | null | undefined): Record<string, number> {
  const out = confidenceObject(values);
  for (const field of DOCUMENT_FIELDS) out[field] = Math.round(out[field]!);
  return out;
}

/** No `margin`: the pipeline's own evidence scale, which no integrator should rely on. */
export function checkObject(check: VerificationCheck__Output): Json {
  return {
    name: check.name,
    ...(check.field ? { field: check.field } : {}),
    result: check.result,
    ...(check.visual !== undefined ? { visual: check.visual } : {}),
    ...(check.machineReadable !== undefined ? { machineReadable: check.machineReadable } : {}),
    ...(check.score !== undefined ? { score: Math.round(check.score) } : {}),
    reason: check.reason,
  };
}

export function verdictObject(verdict: DocumentVerificationResult__Output): Json {
  return {
    status: verdict.status,
    verificationConfidence: integerConfidenceObject(verdict.verificationConfidence),
    totalConfidence: Math.round(verdict.totalConfidence),
    checks: verdict.checks.map(checkObject),
  };
}

function fieldSet(set: { document: Record<string, string>; confidence: Record<string, number> } | null): Json {
  return { document: documentObject(set?.document), confidence: confidenceObject(set?.confidence) };
}

function base64OrNull(bytes: Buffer | Uint8Array | null | undefined): string | null {
  return bytes && bytes.length > 0 ? Buffer.from(bytes).toString('base64') : null;
}

export function contentObject(content: RequestContent, withImages: boolean): Json {
  return {
    frontImageBase64: withImages ? base64OrNull(content.frontImage) : null,
    backOrSecondImageBase64: withImages ? base64OrNull(content.backImage) : null,
    faceImageBase64: withImages ? base64OrNull(content.faceImage) : null,
    trackString: content.trackString,
  };
}

/** `request.content` holds no images: results outlive them. */
export function verificationResponse(output: PipelineVerifyResponse, record: VerificationRequestRecord): Json {
  const verdict = output.documentVerificationResult;
  const face = output.faceVerificationResult;
  return {
    requestId: record.id,
    documentType: record.documentType,
    document: documentObject(output.document),
    visual: fieldSet(output.visual),
    machineReadable: fieldSet(output.machineReadable),
    facePhotoFromDocument: base64OrNull(output.facePhotoFromDocument),
    facePhoto: base64OrNull(output.facePhoto),
    signature: base64OrNull(output.signature),
    documentVerificationResult: verdict === null ? null : verdictObject(verdict),
    faceVerificationResult: face === null || !record.content.verifyFace ? null : {
      confidence: face.confidence,
      antiSpoofing: face.antiSpoofing,
    },
    ...captureFeedbackFields(output.quality),
    request: {
      id: record.id,
      userId: record.accountId,
      documentType: record.documentType,
      content: contentObject(record.content, false),
      status: RequestStatus.Success,
      statusName: statusName(RequestStatus.Success),
      created: record.created.toISOString(),
      ocrVisual: output.visual !== null,
    },
  };
}

export function withContent(response: Json, content: RequestContent): Json {
  const request = response.request as Json;
  return { ...response, request: { ...request, content: contentObject(content, true) } };
}
