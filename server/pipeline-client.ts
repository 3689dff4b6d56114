// UNAVAILABLE is retried on the next pipeline (Verify is pure); back-pressure is not retried.
// Error codes: docs/pipeline.md; balancing: docs/operations.md.
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { CAPTURE_ERROR_CODES } from '../common/capture.js';
import { CodedError, isErrorCode } from '../common/errors.js';
import type { DocumentTypeValue } from '../common/document.js';
import type { ProtoGrpcType as HealthProto } from '../proto/generated/health.js';
import type { ProtoGrpcType } from '../proto/generated/pipeline.js';
import type { PipelineClient as GrpcPipelineClient } from '../proto/generated/idv/pipeline/v1/Pipeline.js';
import type { ImageQuality__Output } from '../proto/generated/idv/pipeline/v1/ImageQuality.js';
import type { VerifyResponse__Output } from '../proto/generated/idv/pipeline/v1/VerifyResponse.js';
import { captureFeedbackFields } from './capture-feedback.js';
import { ApiProblem } from './http-errors.js';
import { channelSecurity, NO_PIPELINE_SECURITY, type PipelineSecurity } from './pipeline-security.js';

export type PipelineVerifyResponse = VerifyResponse__Output;

const PROTO_PATH = fileURLToPath(new URL('../../proto/idv/pipeline/v1/pipeline.proto', import.meta.url));
const HEALTH_PROTO_PATH = fileURLToPath(new URL('../../proto/grpc/health/v1/health.proto', import.meta.url));
const PIPELINE_SERVICE_NAME = 'idv.pipeline.v1.Pipeline';
/** A health check is one small call: when it takes longer, the pipeline is not ready. */
const HEALTH_DEADLINE_MS = 2_000;
export const ERROR_CODE_METADATA_KEY = 'idv-error-code';
/** A reader error's capture measures, JSON (pipeline/grpc-errors.ts). */
export const IMAGE_QUALITY_METADATA_KEY = 'idv-image-quality-bin';
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** A call is retried only while buffered; grpc-js's 256 KiB per call default is less than one image. */
const RETRY_BUFFER_BYTES = 512 * 1024 * 1024;

const SERVICE_CONFIG = {
  loadBalancingConfig: [{ round_robin: {} }],
  methodConfig: [{
    name: [{ service: 'idv.pipeline.v1.Pipeline' }],
    retryPolicy: {
      maxAttempts: 3,
      initialBackoff: '0.05s',
      maxBackoff: '0.5s',
      backoffMultiplier: 2,
      retryableStatusCodes: ['UNAVAILABLE'],
    },
  }],
};

export const PIPELINE_CHANNEL_OPTIONS: grpc.ChannelOptions = Object.freeze({
  'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
  'grpc.service_config': JSON.stringify(SERVICE_CONFIG),
  // Ours is the service config: a DNS TXT record must not replace it.
  'grpc.service_config_disable_resolution': 1,
  'grpc.per_rpc_retry_buffer_size': MAX_MESSAGE_BYTES,
  'grpc.retry_buffer_size': RETRY_BUFFER_BYTES,
});

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
  trackText: string | null;
  verifyFace: boolean;
}

export interface PipelineClient {
  verify(input: PipelineVerifyInput): Promise<PipelineVerifyResponse>;
  /** Serving status, or the failed check's gRPC status name; never rejects. */
  health(): Promise<string>;
  close(): void;
}

function qualityOf(metadata: grpc.Metadata | undefined): ImageQuality__Output[] | null {
  const raw = metadata?.get(IMAGE_QUALITY_METADATA_KEY)[0];
  if (!Buffer.isBuffer(raw)) return null;
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    return Array.isArray(parsed) ? parsed.map((q: ImageQuality__Output) => ({ ...q, reasons: Array.isArray(q.reasons) ? q.reasons : [] })) : null;
  } catch {
    return null;
  }
}

export function fromGrpcError(error: grpc.ServiceError): CodedError {
  const code = error.metadata?.get(ERROR_CODE_METADATA_KEY)[0];
  if (typeof code === 'string' && isErrorCode(code)) {
    const quality = (CAPTURE_ERROR_CODES as readonly string[]).includes(code) ? qualityOf(error.metadata) : null;
    return quality === null
      ? new CodedError(code, error.details || undefined)
      : new ApiProblem(code, { ...(error.details ? { message: error.details } : {}), capture: captureFeedbackFields(quality) });
  }
  if (UNAVAILABLE_STATUSES.has(error.code)) {
    return new CodedError('ServiceUnavailable', undefined, `pipeline: ${grpc.status[error.code]} ${error.details}`);
  }
  return new CodedError('ApiError', undefined, `pipeline: ${grpc.status[error.code] ?? error.code} ${error.details}`);
}

function loadProto<T>(file: string): T {
  const definition = protoLoader.loadSync(file, {
    keepCase: false, longs: String, enums: String, defaults: true, oneofs: true,
  });
  return grpc.loadPackageDefinition(definition) as unknown as T;
}

export function createPipelineClient(target: string, deadlineMs: number, security: PipelineSecurity = NO_PIPELINE_SECURITY): PipelineClient {
  const secured = channelSecurity(security);
  const options = { ...PIPELINE_CHANNEL_OPTIONS, ...secured.options };
  const { Pipeline } = loadProto<ProtoGrpcType>(PROTO_PATH).idv.pipeline.v1;
  const client: GrpcPipelineClient = new Pipeline(target, secured.credentials, options);
  // Same target, credentials and options: grpc-js shares the connections, so the check sees what Verify sees.
  const { Health } = loadProto<HealthProto>(HEALTH_PROTO_PATH).grpc.health.v1;
  const health = new Health(target, secured.credentials, options);
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
    health() {
      return new Promise((resolve) => {
        health.check({ service: PIPELINE_SERVICE_NAME }, { deadline: Date.now() + HEALTH_DEADLINE_MS }, (error, response) => {
          if (error) resolve(grpc.status[error.code] ?? String(error.code));
          else resolve(String(response?.status ?? 'UNKNOWN'));
        });
      });
    },
    close() {
      client.close();
      health.close();
    },
  };
}
