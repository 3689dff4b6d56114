/** Starts the real pipeline server (real pool, real stages) on localhost:0 with a real client. */
import * as grpc from '@grpc/grpc-js';
import type { Test } from 'tap';
import { loadPipelineConfig } from '../../pipeline/config.js';
import { pipelineProto } from '../../pipeline/proto.js';
import { startPipelineServer, type RunningPipeline } from '../../pipeline/server.js';
import type { DecodeBarcodeRequest } from '../../proto/generated/idv/pipeline/v1/DecodeBarcodeRequest.js';
import type { DecodeBarcodeResponse__Output } from '../../proto/generated/idv/pipeline/v1/DecodeBarcodeResponse.js';
import type { PipelineClient } from '../../proto/generated/idv/pipeline/v1/Pipeline.js';
import type { VerifyRequest } from '../../proto/generated/idv/pipeline/v1/VerifyRequest.js';
import type { VerifyResponse__Output } from '../../proto/generated/idv/pipeline/v1/VerifyResponse.js';

export interface PipelineUnderTest {
  running: RunningPipeline;
  client: PipelineClient;
}

export async function startPipeline(t: Test, options: { threads?: number; maxQueue?: number } = {}): Promise<PipelineUnderTest> {
  const argv = ['--host', '127.0.0.1', '--port', '0', '--threads', String(options.threads ?? 1)];
  if (options.maxQueue !== undefined) argv.push('--max-queue', String(options.maxQueue));
  const running = await startPipelineServer(loadPipelineConfig(argv, {}));
  const Pipeline = pipelineProto().idv.pipeline.v1.Pipeline;
  const client = new Pipeline(running.address, grpc.credentials.createInsecure());
  t.teardown(async () => {
    client.close();
    await running.close();
  });
  return { running, client };
}

export interface Outcome<Res> {
  error: grpc.ServiceError | null;
  response: Res | undefined;
}

/** Runs a unary call and resolves with its error or response, never rejecting. */
export function call<Res>(start: (done: (error: grpc.ServiceError | null, response?: Res) => void) => unknown): Promise<Outcome<Res>> {
  return new Promise((resolve) => {
    start((error, response) => resolve({ error, response }));
  });
}

export const verify = (client: PipelineClient, request: VerifyRequest, options: grpc.CallOptions = {}): Promise<Outcome<VerifyResponse__Output>> =>
  call((done) => client.verify(request, options, done));

export const decodeBarcode = (client: PipelineClient, request: DecodeBarcodeRequest): Promise<Outcome<DecodeBarcodeResponse__Output>> =>
  call((done) => client.decodeBarcode(request, done));

export function errorCode(error: grpc.ServiceError | null): string | undefined {
  const value = error?.metadata?.get('idv-error-code')[0];
  return typeof value === 'string' ? value : undefined;
}
