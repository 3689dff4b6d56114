/**
 * Shapes the contract's verification response from the pipeline's answer and the stored request.
 * Every document object carries all 24 fields (null when absent) and every confidence object all
 * 24 numbers (-1: no value / not checked), so a typed client always sees the same shape.
 */
import { DOCUMENT_FIELDS, RequestStatus } from '../../common/document.js';
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

function fieldSet(set: { document: Record<string, string>; confidence: Record<string, number> } | null): Json {
  return { document: documentObject(set?.document), confidence: confidenceObject(set?.confidence) };
}

function base64OrNull(bytes: Buffer | Uint8Array | null | undefined): string | null {
  return bytes && bytes.length > 0 ? Buffer.from(bytes).toString('base64') : null;
}

/** The request content as the contract names it; images null unless `withImages`. */
export function contentObject(content: RequestContent, withImages: boolean): Json {
  return {
    frontImageBase64: withImages ? base64OrNull(content.frontImage) : null,
    backOrSecondImageBase64: withImages ? base64OrNull(content.backImage) : null,
    faceImageBase64: withImages ? base64OrNull(content.faceImage) : null,
    trackString: content.trackString,
  };
}

/**
 * The full verification response of a request that just succeeded. Its `request.content` holds no
 * images: this is what is stored as the result, and results outlive images (retention).
 */
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
    documentVerificationResult: verdict === null ? null : {
      status: verdict.status,
      verificationConfidence: confidenceObject(verdict.verificationConfidence),
      totalConfidence: verdict.totalConfidence,
    },
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

/** A stored response with `request.content` filled from the stored images (returnContent=true). */
export function withContent(response: Json, content: RequestContent): Json {
  const request = response.request as Json;
  return { ...response, request: { ...request, content: contentObject(content, true) } };
}
