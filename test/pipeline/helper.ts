/** Starts the real pipeline server (real pool, real stages) on localhost:0 with a real client. */
import * as grpc from '@grpc/grpc-js';
import type { Test } from 'tap';
import { loadPipelineConfig } from '../../pipeline/config.js';
import { pipelineProto } from '../../pipeline/proto.js';
import { startPipelineServer, type RunningPipeline } from '../../pipeline/server.js';
import type { PipelineClient } from '../../proto/generated/idv/pipeline/v1/Pipeline.js';

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

/** Calls a unary method and resolves with its error or response, never rejecting. */
export function call<Req, Res>(
  method: (request: Req, options: grpc.CallOptions, callback: (error: grpc.ServiceError | null, response?: Res) => void) => grpc.ClientUnaryCall,
  request: Req,
  options: grpc.CallOptions = {},
): Promise<{ error: grpc.ServiceError | null; response: Res | undefined }> {
  return new Promise((resolve) => {
    method(request, options, (error, response) => resolve({ error, response }));
  });
}

export function errorCode(error: grpc.ServiceError | null): string | undefined {
  const value = error?.metadata?.get('idv-error-code')[0];
  return typeof value === 'string' ? value : undefined;
}
