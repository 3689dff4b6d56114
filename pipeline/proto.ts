/** Loads the pipeline and health protos at run time (the proto is the source of truth). */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { fileURLToPath } from 'node:url';
import { withValidDescriptors } from './reflection-descriptors.js';
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

const protoRoot = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../proto/' : '../proto/', import.meta.url));

const PIPELINE_PROTO = 'idv/pipeline/v1/pipeline.proto';
const HEALTH_PROTO = 'grpc/health/v1/health.proto';

const definitionOf = (file: string, options: protoLoader.Options = {}): protoLoader.PackageDefinition =>
  protoLoader.loadSync(file, { ...PROTO_LOADER_OPTIONS, ...options, includeDirs: [protoRoot] });

function load<T>(file: string): T {
  return grpc.loadPackageDefinition(definitionOf(file)) as unknown as T;
}

/** Both protos as server reflection describes them: proto field names, protoc's map entry names; the wire is the same. */
export const servedDefinitions = (): protoLoader.PackageDefinition =>
  withValidDescriptors({ ...definitionOf(PIPELINE_PROTO, { keepCase: true }), ...definitionOf(HEALTH_PROTO, { keepCase: true }) });

export const pipelineProto = (): PipelineProto => load<PipelineProto>(PIPELINE_PROTO);
export const healthProto = (): HealthProto => load<HealthProto>(HEALTH_PROTO);
