/** Loads the pipeline and health protos at run time (the proto is the source of truth). */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { fileURLToPath } from 'node:url';
import type { ProtoGrpcType as PipelineProto } from '../proto/generated/pipeline.js';
import type { ProtoGrpcType as HealthProto } from '../proto/generated/health.js';

/** Options matching the generated types (scripts/proto-gen.mjs). */
export const PROTO_LOADER_OPTIONS: protoLoader.Options = Object.freeze({
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
});

// From dist/pipeline/ or pipeline/ alike, the proto folder is two levels up from dist or one from source.
const protoRoot = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../proto/' : '../proto/', import.meta.url));

function load<T>(file: string): T {
  const definition = protoLoader.loadSync(file, { ...PROTO_LOADER_OPTIONS, includeDirs: [protoRoot] });
  return grpc.loadPackageDefinition(definition) as unknown as T;
}

export const pipelineProto = (): PipelineProto => load<PipelineProto>('idv/pipeline/v1/pipeline.proto');
export const healthProto = (): HealthProto => load<HealthProto>('grpc/health/v1/health.proto');
