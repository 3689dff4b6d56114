/**
 * The front door's only way to the pipeline: a gRPC client of idv.pipeline.v1.Pipeline with a
 * deadline on every call, and the mapping of gRPC outcomes to the contract's codes:
 *
 *   status with trailing `idv-error-code` = a contract code  →  that code (message kept)
 *   UNAVAILABLE, RESOURCE_EXHAUSTED, DEADLINE_EXCEEDED        →  503 ServiceUnavailable
 *   anything else                                             →  500 ApiError (details for dev mode)
 *
 * The proto is loaded at run time (proto/ is the source of truth); the generated types give the
 * shapes.
 */
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { CodedError, isErrorCode } from '../common/errors.js';
import type { DocumentTypeValue } from '../common/document.js';
import type { ProtoGrpcType } from '../proto/generated/pipeline.js';
import type { PipelineClient as GrpcPipelineClient } from '../proto/generated/idv/pipeline/v1/Pipeline.js';
import type { VerifyResponse__Output } from '../proto/generated/idv/pipeline/v1/VerifyResponse.js';

export type PipelineVerifyResponse = VerifyResponse__Output;

const PROTO_PATH = fileURLToPath(new URL('../../proto/idv/pipeline/v1/pipeline.proto', import.meta.url));
export const ERROR_CODE_METADATA_KEY = 'idv-error-code';
/** Three images of up to 20 MB of base64 each fit comfortably. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

const UNAVAILABLE_STATUSES = new Set<grpc.status>([
  grpc.status.UNAVAILABLE,
  grpc.status.RESOURCE_EXHAUSTED,
  grpc.status.DEADLINE_EXCEEDED,
]);

export interface PipelineVerifyInput {
  documentType: DocumentTypeValue;
  front: Buffer | null;
  back: Buffer | null;
  face: Buffer | null;
  /** The decoded barcode text. */
  trackText: string | null;
  verifyFace: boolean;
}

export interface PipelineClient {
  /** Runs the whole verification; rejects with a CodedError. */
  verify(input: PipelineVerifyInput): Promise<PipelineVerifyResponse>;
  close(): void;
}

/** Turns a failed gRPC call into the contract's error. */
export function fromGrpcError(error: grpc.ServiceError): CodedError {
  const code = error.metadata?.get(ERROR_CODE_METADATA_KEY)[0];
  if (typeof code === 'string' && isErrorCode(code)) return new CodedError(code, error.details || undefined);
  if (UNAVAILABLE_STATUSES.has(error.code)) {
    return new CodedError('ServiceUnavailable', undefined, `pipeline: ${grpc.status[error.code]} ${error.details}`);
  }
  return new CodedError('ApiError', undefined, `pipeline: ${grpc.status[error.code] ?? error.code} ${error.details}`);
}

function loadService(): ProtoGrpcType {
  const definition = protoLoader.loadSync(PROTO_PATH, {
    keepCase: false, longs: String, enums: String, defaults: true, oneofs: true,
  });
  return grpc.loadPackageDefinition(definition) as unknown as ProtoGrpcType;
}

/** A client of the pipeline at `address` (host:port); every call gets `deadlineMs`. */
export function createPipelineClient(address: string, deadlineMs: number): PipelineClient {
  const { Pipeline } = loadService().idv.pipeline.v1;
  const client: GrpcPipelineClient = new Pipeline(address, grpc.credentials.createInsecure(), {
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
  });
  return {
    verify(input) {
      return new Promise((resolve, reject) => {
        client.verify({
          documentType: input.documentType,
          frontImage: input.front ?? Buffer.alloc(0),
          backImage: input.back ?? Buffer.alloc(0),
          faceImage: input.face ?? Buffer.alloc(0),
          trackString: input.trackText ?? '',
          verifyFace: input.verifyFace,
        }, { deadline: Date.now() + deadlineMs }, (error, response) => {
          if (error) reject(fromGrpcError(error));
          else if (!response) reject(new CodedError('ApiError', undefined, 'pipeline: empty response'));
          else resolve(response);
        });
      });
    },
    close() {
      client.close();
    },
  };
}
