/**
 * One Verify call of the forgery bench, straight to the gRPC pipeline: the verdict and its checks
 * come back with each key field's `margin`, which the front door does not pass on (the threshold
 * calibration needs it). Every answer is kept as plain data; a failed call keeps its error code.
 */
import * as grpc from '@grpc/grpc-js';
import { performance } from 'node:perf_hooks';
import type { PipelineClient } from '../../proto/generated/idv/pipeline/v1/Pipeline.js';
import type { VerificationCheck__Output } from '../../proto/generated/idv/pipeline/v1/VerificationCheck.js';
import type { VerifyRequest } from '../../proto/generated/idv/pipeline/v1/VerifyRequest.js';
import type { VerifyResponse__Output } from '../../proto/generated/idv/pipeline/v1/VerifyResponse.js';

/** Generous: a cold worker loads its models on the first call. */
const CALL_DEADLINE_MS = 120_000;

/** One check of the answer (proto VerificationCheck), the optional parts only where set. */
export interface CheckRecord {
  name: string;
  field?: string;
  result: string;
  visual?: string;
  machineReadable?: string;
  score?: number;
  margin?: number;
  reason: string;
}

export interface Answer {
  ok: boolean;
  /** documentVerificationResult.status (0 OK, 1 ItsFake, 2 Expired, 3 LowConfidence). */
  status?: number;
  totalConfidence?: number;
  checks: CheckRecord[];
  /** `idv-error-code` of a failed call, or `grpc:<STATUS>`. */
  code?: string;
  message?: string;
  ms: number;
}

/**
 * A proto3 `optional` field as the loader gives it (oneofs: true): present where its synthetic
 * oneof names it, so an unset margin is never read as 0.
 */
function optional<T>(check: VerificationCheck__Output, key: 'visual' | 'machineReadable' | 'score' | 'margin'): T | undefined {
  const marker = (check as unknown as Record<string, unknown>)[`_${key}`];
  const value = check[key] as T | undefined;
  return marker === key || (marker === undefined && value !== undefined && value !== null) ? value : undefined;
}

export function checkRecord(check: VerificationCheck__Output): CheckRecord {
  const visual = optional<string>(check, 'visual');
  const machineReadable = optional<string>(check, 'machineReadable');
  const score = optional<number>(check, 'score');
  const margin = optional<number>(check, 'margin');
  return {
    name: check.name, ...(check.field === '' ? {} : { field: check.field }), result: check.result,
    ...(visual === undefined ? {} : { visual }), ...(machineReadable === undefined ? {} : { machineReadable }),
    ...(score === undefined ? {} : { score }), ...(margin === undefined ? {} : { margin: Number(margin) }),
    reason: check.reason,
  };
}

/** Sends one Verify; never rejects. */
export async function verify(client: PipelineClient, request: VerifyRequest): Promise<Answer> {
  const started = performance.now();
  const { error, response } = await new Promise<{ error: grpc.ServiceError | null; response: VerifyResponse__Output | undefined }>((resolve) => {
    client.verify(request, { deadline: Date.now() + CALL_DEADLINE_MS }, (e, r) => resolve({ error: e, response: r }));
  });
  const ms = Math.round(performance.now() - started);
  if (error !== null || response === undefined) {
    const coded = error?.metadata?.get('idv-error-code')[0];
    return { ok: false, checks: [], code: typeof coded === 'string' ? coded : `grpc:${grpc.status[error?.code ?? grpc.status.UNKNOWN]}`, message: error?.details ?? 'no response', ms };
  }
  const result = response.documentVerificationResult;
  return {
    ok: true, ms,
    ...(result ? { status: result.status, totalConfidence: result.totalConfidence } : {}),
    checks: (result?.checks ?? []).map(checkRecord),
  };
}
