/**
 * The accuracy bench's Verify as an integrator sends it: POST /api/Verify on the front door with
 * the specimen's images as base64, answered through gRPC and the worker pool. The contract's
 * response is kept as the same plain data as a gRPC answer (record.ts), with the pipeline's stage
 * timings read from the front door's Server-Timing header.
 */
import { performance } from 'node:perf_hooks';
import type { BenchFrontDoor } from './front-door.js';
import type { CallResult } from './record.js';

export interface VerifyBody {
  documentType: number;
  frontImage: Buffer;
  backImage?: Buffer;
  faceImage?: Buffer;
  verifyFace: boolean;
}

/** `intake;dur=57.2, barcode;dur=50.1` → [{ stage: 'intake', ms: 57.2 }, …]. */
export function parseServerTiming(header: string | null): { stage: string; ms: number }[] {
  if (header === null) return [];
  return header.split(',').flatMap((entry) => {
    const [name, ...params] = entry.trim().split(';');
    const dur = params.map((p) => p.trim()).find((p) => p.startsWith('dur='));
    const ms = dur === undefined ? NaN : Number(dur.slice(4));
    return name && Number.isFinite(ms) ? [{ stage: name, ms }] : [];
  });
}

/** The non-null fields of a contract document object (absent fields are null there). */
function present(document: Record<string, string | null> | null | undefined): Record<string, string> | undefined {
  const out = Object.fromEntries(Object.entries(document ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The confidences of the fields a contract document object holds (its -1s mean no value). */
export function presentConfidence(confidence: Record<string, unknown> | null | undefined): Record<string, number> | undefined {
  const out = Object.fromEntries(Object.entries(confidence ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] >= 0));
  return Object.keys(out).length > 0 ? out : undefined;
}

/** One POST /api/Verify; never rejects (a transport failure is a failed call with its message). */
export async function verifyThroughFrontDoor(door: BenchFrontDoor, body: VerifyBody): Promise<CallResult> {
  const started = performance.now();
  let answer: Response;
  let json: any;
  try {
    answer = await fetch(`${door.url}/api/Verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${door.secretKey}` },
      body: JSON.stringify({
        documentType: body.documentType,
        verifyFace: body.verifyFace,
        frontImageBase64: body.frontImage.toString('base64'),
        ...(body.backImage === undefined ? {} : { backOrSecondImageBase64: body.backImage.toString('base64') }),
        ...(body.faceImage === undefined ? {} : { faceImageBase64: body.faceImage.toString('base64') }),
      }),
    });
    json = await answer.json();
  } catch (error) {
    return { ok: false, latencyMs: performance.now() - started, timings: [], code: 'http:transport', message: (error as Error).message };
  }
  const latencyMs = performance.now() - started;
  if (answer.status !== 200) {
    return { ok: false, latencyMs, timings: [], code: typeof json?.code === 'string' ? json.code : `http:${answer.status}`, message: String(json?.message ?? '') };
  }
  const verdict = json.documentVerificationResult;
  const face = json.faceVerificationResult;
  const machineReadable = present(json.machineReadable?.document);
  const visual = present(json.visual?.document);
  const visualConfidence = visual === undefined ? undefined : presentConfidence(json.visual?.confidence);
  return {
    ok: true, latencyMs,
    timings: parseServerTiming(answer.headers.get('server-timing')),
    ...(verdict ? { status: verdict.status, totalConfidence: verdict.totalConfidence } : {}),
    ...(machineReadable ? { machineReadable } : {}),
    ...(visual ? { visual } : {}),
    ...(visualConfidence ? { visualConfidence } : {}),
    ...(face ? { face: { confidence: face.confidence, antiSpoofing: face.antiSpoofing } } : {}),
  };
}
