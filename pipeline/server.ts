/** Builds and starts the pipeline's gRPC server and its health port; `close()` is the graceful shutdown. */
import { readFile } from 'node:fs/promises';
import * as grpc from '@grpc/grpc-js';
import { ReflectionService } from '@grpc/reflection';
import { tokenInterceptor } from './call-token.js';
import type { PipelineConfig, PipelineTlsFiles } from './config.js';
import { checkFaceModels } from './face/model-files.js';
import { HealthService } from './health.js';
import { checkOcrFiles } from './ocr/files-in-use.js';
import { WorkerPool } from './pool.js';
import { servedDefinitions } from './proto.js';
import { PipelineService } from './service.js';
import { StageTimings } from './timing.js';

export interface RunningPipeline {
  /** host:port bound (port 0 picks a free one). */
  address: string;
  /** host:port of the plain-text health server; null without --health-port. */
  healthAddress: string | null;
  pool: WorkerPool;
  timings: StageTimings;
  close(): Promise<void>;
}

async function credentialsOf(tls: PipelineTlsFiles | null): Promise<grpc.ServerCredentials> {
  if (tls === null) return grpc.ServerCredentials.createInsecure();
  const read = async (option: string, file: string): Promise<Buffer> => {
    try {
      return await readFile(file);
    } catch (error) {
      throw new Error(`${option} cannot be read: ${(error as Error).message}`);
    }
  };
  const clientCa = tls.clientCaFile === null ? null : await read('--tls-client-ca', tls.clientCaFile);
  const pair = { cert_chain: await read('--tls-cert', tls.certFile), private_key: await read('--tls-key', tls.keyFile) };
  return grpc.ServerCredentials.createSsl(clientCa, [pair], clientCa !== null);
}

function bind(server: grpc.Server, host: string, port: number, credentials: grpc.ServerCredentials): Promise<string> {
  return new Promise((resolve, reject) => {
    server.bindAsync(`${host}:${port}`, credentials, (error, bound) => {
      if (error) reject(error);
      else resolve(`${host.includes(':') ? `[${host}]` : host}:${bound}`);
    });
  });
}

export async function startPipelineServer(config: Readonly<PipelineConfig>): Promise<RunningPipeline> {
  const credentials = await credentialsOf(config.tls);
  // Models checked before a worker starts: an unprepared cache stops the start, not a first request.
  await checkFaceModels();
  await checkOcrFiles();
  const pool = new WorkerPool(config);
  const timings = new StageTimings();
  const service = new PipelineService(pool, timings);
  const health = new HealthService();
  const server = new grpc.Server({
    // Images of up to 3 × the front door's 20 MB body limit, plus headroom.
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
    'grpc.max_send_message_length': 64 * 1024 * 1024,
    interceptors: config.token === null ? [] : [tokenInterceptor(config.token)],
  });
  service.addToServer(server);
  health.addToServer(server);
  new ReflectionService(servedDefinitions()).addToServer(server);
  const address = await bind(server, config.host, config.port, credentials);
  let healthServer: grpc.Server | null = null;
  let healthAddress: string | null = null;
  if (config.healthPort !== null) {
    healthServer = new grpc.Server();
    health.addToServer(healthServer);
    healthAddress = await bind(healthServer, config.host, config.healthPort, grpc.ServerCredentials.createInsecure());
  }
  let closing: Promise<void> | undefined;
  return {
    address,
    healthAddress,
    pool,
    timings,
    close(): Promise<void> {
      closing ??= (async () => {
        health.setStatus('NOT_SERVING');
        service.stopAccepting();
        const grace = new Promise<'timeout'>((resolve) => setTimeout(resolve, config.shutdownGraceMs, 'timeout').unref());
        const drained = await Promise.race([pool.close().then(() => 'drained' as const), grace]);
        if (drained === 'timeout') await pool.destroy();
        health.close();
        await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
        if (healthServer !== null) await new Promise<void>((resolve) => healthServer.tryShutdown(() => resolve()));
      })();
      return closing;
    },
  };
}
