/**
 * Sends one specimen through the real service: the full Verify call a client makes (document
 * type, front, back, selfie, verifyFace) as POST /api/Verify on the front door, then only the
 * probes that the call's failure makes necessary (record.ts explains which and why), as the
 * pipeline's single-stage RPCs that internal services call over gRPC. Every answer is kept as
 * plain data.
 */
import * as grpc from '@grpc/grpc-js';
import { performance } from 'node:perf_hooks';
import { DocumentType } from '../../common/document.js';
import type { BenchFrontDoor } from './front-door.js';
import type { FieldSet__Output } from '../../proto/generated/idv/pipeline/v1/FieldSet.js';
import type { PipelineClient } from '../../proto/generated/idv/pipeline/v1/Pipeline.js';
import type { StageTiming__Output } from '../../proto/generated/idv/pipeline/v1/StageTiming.js';
import type { VerifyRequest } from '../../proto/generated/idv/pipeline/v1/VerifyRequest.js';
import type { Specimen } from '../../test/fixtures/specimens/corpus.js';
import { FACE_CODES, FRONT_CODES, MACHINE_CODES, type CallResult, type Probes, type SpecimenRecord } from './record.js';
import { presentConfidence, verifyThroughFrontDoor, type VerifyBody } from './verify-http.js';

/** Generous: a cold worker loads its models on the first call. */
const CALL_DEADLINE_MS = 120_000;

/** What the responses of the four RPCs have in common, as far as the bench reads them. */
interface AnyResponse {
  timings: StageTiming__Output[];
  machineReadable?: FieldSet__Output | null;
  visual?: FieldSet__Output | null;
  documentVerificationResult?: { status: number; totalConfidence: number } | null;
  faceVerificationResult?: { confidence: number; antiSpoofing: number } | null;
  confidence?: number;
  antiSpoofingB?: number;
}

type Start<Res> = (options: grpc.CallOptions, done: (error: grpc.ServiceError | null, response?: Res) => void) => unknown;

/** Runs one unary call and keeps its answer as plain data; never rejects. */
async function callOnce<Res extends AnyResponse>(start: Start<Res>): Promise<CallResult> {
  const started = performance.now();
  const { error, response } = await new Promise<{ error: grpc.ServiceError | null; response: Res | undefined }>((resolve) => {
    start({ deadline: Date.now() + CALL_DEADLINE_MS }, (e, r) => resolve({ error: e, response: r }));
  });
  const latencyMs = performance.now() - started;
  if (error !== null || response === undefined) {
    const coded = error?.metadata?.get('idv-error-code')[0];
    return {
      ok: false, latencyMs, timings: [],
      code: typeof coded === 'string' ? coded : `grpc:${grpc.status[error?.code ?? grpc.status.UNKNOWN]}`,
      message: error?.details ?? 'no response',
    };
  }
  const verdict = response.documentVerificationResult;
  const visualConfidence = response.visual ? presentConfidence(response.visual.confidence) : undefined;
  const face = response.faceVerificationResult
    ?? (response.confidence !== undefined && response.antiSpoofingB !== undefined ? { confidence: response.confidence, antiSpoofing: response.antiSpoofingB } : null);
  return {
    ok: true, latencyMs,
    timings: response.timings.map(({ stage, ms }) => ({ stage, ms })),
    ...(verdict ? { status: verdict.status, totalConfidence: verdict.totalConfidence } : {}),
    ...(response.machineReadable ? { machineReadable: { ...response.machineReadable.document } } : {}),
    ...(response.visual ? { visual: { ...response.visual.document } } : {}),
    ...(visualConfidence === undefined ? {} : { visualConfidence }),
    ...(face ? { face: { confidence: face.confidence, antiSpoofing: face.antiSpoofing } } : {}),
  };
}

const verify = (client: PipelineClient, request: VerifyRequest): Promise<CallResult> =>
  callOnce((options, done) => client.verify(request, options, done));

/** The probes that a failed Verify calls for (record.ts, table at the top). */
async function probe(service: BenchService, specimen: Specimen, body: VerifyBody, failed: string): Promise<Probes> {
  const { client } = service;
  const { truth } = specimen;
  const probes: Probes = {};
  if (FACE_CODES.has(failed)) {
    const { faceImage: _, ...withoutFace } = body;
    probes.withoutFace = await verifyThroughFrontDoor(service.frontDoor, { ...withoutFace, verifyFace: false });
    return probes;
  }
  if (FRONT_CODES.has(failed)) {
    const image = truth.machineReadableOn === 'back' ? specimen.back : specimen.front;
    probes.machine = truth.format === 'AAMVA'
      ? await callOnce((options, done) => client.decodeBarcode({ image }, options, done))
      : await callOnce((options, done) => client.readMrz({ image }, options, done));
  } else if (MACHINE_CODES.has(failed) && truth.documentType === DocumentType.ID && truth.raw.aamva !== undefined) {
    // The barcode's own text stands in for the unread barcode, so that the front is still read.
    probes.frontWithTrack = await verify(client, {
      documentType: truth.documentType, frontImage: specimen.front, trackString: truth.raw.aamva, verifyFace: false,
    });
  }
  if (MACHINE_CODES.has(failed) || FRONT_CODES.has(failed)) {
    probes.compareFaces = await callOnce((options, done) => client.compareFaces({ imageA: specimen.front, imageB: specimen.selfie }, options, done));
  }
  return probes;
}

/** The service under measurement: its front door, and the gRPC client of its pipeline for the probes. */
export interface BenchService {
  frontDoor: BenchFrontDoor;
  client: PipelineClient;
}

/** Verifies one specimen as a client would, then probes what a failure hid. */
export async function collectSpecimen(service: BenchService, specimen: Specimen, generateMs = 0): Promise<SpecimenRecord> {
  const { truth } = specimen;
  const body: VerifyBody = {
    documentType: truth.documentType,
    frontImage: specimen.front,
    // A TD2 card carries its MRZ on the front and has no back specimen, but the contract wants a
    // back or second image for every type but 2: an integrator sends the front again as the second.
    ...(specimen.back !== undefined ? { backImage: specimen.back }
      : truth.documentType === DocumentType.Passport ? {} : { backImage: specimen.front }),
    faceImage: specimen.selfie,
    verifyFace: true,
  };
  const result = await verifyThroughFrontDoor(service.frontDoor, body);
  // An image without a document has nothing for a probe to measure: only its error code counts.
  const probes = result.ok || truth.negative === 'no-document' ? {} : await probe(service, specimen, body, result.code ?? '');
  return { truth, generateMs, verify: result, probes };
}
