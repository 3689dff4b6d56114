/** Turns a finished job into the proto's response messages. */
import type { FieldSet as ProtoFieldSet } from '../proto/generated/idv/pipeline/v1/FieldSet.js';
import type { VerifyResponse } from '../proto/generated/idv/pipeline/v1/VerifyResponse.js';
import type { ImageQuality as ProtoImageQuality } from '../proto/generated/idv/pipeline/v1/ImageQuality.js';
import type { VerificationCheck as ProtoVerificationCheck } from '../proto/generated/idv/pipeline/v1/VerificationCheck.js';
import type { VerificationCheck } from '../common/checks.js';
import type { FieldSet, ImageQuality } from './job.js';
import type { JobOutput } from './tasks.js';
import type { StageTiming } from './stages/index.js';

function strings(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function numbers(record: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, number] => entry[1] !== undefined));
}

export function fieldSetMessage(set: FieldSet | undefined): ProtoFieldSet | null {
  return set === undefined ? null : { document: strings(set.document), confidence: numbers(set.confidence) };
}

/** A verdict check as the proto carries it: members it lacks are left out. */
export function checkMessage(check: VerificationCheck): ProtoVerificationCheck {
  const { field, visual, machineReadable, score, margin, ...rest } = check;
  return {
    ...rest,
    ...(field === undefined ? {} : { field }),
    ...(visual === undefined ? {} : { visual }),
    ...(machineReadable === undefined ? {} : { machineReadable }),
    ...(score === undefined ? {} : { score }),
    ...(margin === undefined ? {} : { margin }),
  };
}

/** An image's quality as the proto carries it: the measures that do not apply are left out. */
export function qualityMessage(quality: ImageQuality): ProtoImageQuality {
  const { dpi, documentCoverage, cutOff, jpegQuality, ...rest } = quality;
  return {
    ...rest,
    ...(dpi === null ? {} : { dpi }),
    ...(documentCoverage === null ? {} : { documentCoverage }),
    ...(cutOff === null ? {} : { cutOff }),
    ...(jpegQuality === null ? {} : { jpegQuality }),
  };
}

export function verifyResponse(documentType: number, job: JobOutput, timings: StageTiming[]): VerifyResponse {
  return {
    documentType,
    // Machine-readable fields win; fields found only on the front complete them.
    document: strings({ ...job.frontOnly, ...job.machineReadable?.document }),
    visual: fieldSetMessage(job.visual),
    machineReadable: fieldSetMessage(job.machineReadable),
    facePhotoFromDocument: job.facePhotoFromDocument ?? Buffer.alloc(0),
    facePhoto: job.facePhoto ?? Buffer.alloc(0),
    signature: job.signature ?? Buffer.alloc(0),
    documentVerificationResult: job.verdict === undefined ? null : {
      status: job.verdict.status,
      verificationConfidence: numbers(job.verdict.verificationConfidence),
      totalConfidence: job.verdict.totalConfidence,
      checks: job.verdict.checks.map(checkMessage),
    },
    faceVerificationResult: job.faceVerification === undefined ? null
      : { confidence: job.faceVerification.confidence, antiSpoofing: job.faceVerification.antiSpoofing },
    quality: job.quality.map(qualityMessage),
    timings,
  };
}
