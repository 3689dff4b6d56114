/** Coded failures as gRPC statuses, the code in metadata `idv-error-code`; anything unknown is a generic INTERNAL / ApiError. */
import * as grpc from '@grpc/grpc-js';
import { CodedError, type WireError } from '../common/errors.js';
import type { ImageQuality as ProtoImageQuality } from '../proto/generated/idv/pipeline/v1/ImageQuality.js';
import { QueueFullError } from './pool.js';

export const ERROR_CODE_METADATA_KEY = 'idv-error-code';
/** A reader error's capture measures (ImageQuality JSON) ride in this key, so the client can be told what to retake. */
export const IMAGE_QUALITY_METADATA_KEY = 'idv-image-quality-bin';

const STATUS_BY_CODE: Partial<Record<WireError['code'], grpc.status>> = {
  ServiceUnavailable: grpc.status.UNAVAILABLE,
  ApiError: grpc.status.INTERNAL,
};

export interface GrpcError extends Partial<grpc.StatusObject> {
  code: grpc.status;
  details: string;
  metadata: grpc.Metadata;
}

function withCode(status: grpc.status, code: WireError['code'], message: string): GrpcError {
  const metadata = new grpc.Metadata();
  metadata.set(ERROR_CODE_METADATA_KEY, code);
  return { code: status, details: message, metadata };
}

/** A coded error as a gRPC status: input-caused codes are INVALID_ARGUMENT. */
export function wireToGrpc(error: WireError): GrpcError {
  const status = STATUS_BY_CODE[error.code] ?? grpc.status.INVALID_ARGUMENT;
  const message = error.code === 'ApiError' ? 'Internal pipeline error.' : error.message;
  return withCode(status, error.code, message);
}

/** A coded error as a gRPC status, with the capture measures taken before it when there are some. */
export function wireToGrpcWithQuality(error: WireError, quality: readonly ProtoImageQuality[]): GrpcError {
  const status = wireToGrpc(error);
  if (quality.length > 0) status.metadata.set(IMAGE_QUALITY_METADATA_KEY, Buffer.from(JSON.stringify(quality)));
  return status;
}

export function toGrpcError(error: unknown): GrpcError {
  if (error instanceof QueueFullError) {
    return withCode(grpc.status.RESOURCE_EXHAUSTED, 'ServiceUnavailable', error.message);
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return withCode(grpc.status.CANCELLED, 'ServiceUnavailable', 'The call was cancelled or its deadline passed while queued.');
  }
  if (error instanceof CodedError) return wireToGrpc(error.toWire());
  return withCode(grpc.status.INTERNAL, 'ApiError', 'Internal pipeline error.');
}
