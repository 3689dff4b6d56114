/**
 * Builds and starts the pipeline's gRPC server: the pool, the Pipeline and Health services.
 * `close()` is the graceful shutdown: health turns NOT_SERVING, new calls get UNAVAILABLE,
 * in-flight work finishes (up to the grace period), then the threads stop.
 */
import * as grpc from '@grpc/grpc-js';
import type { PipelineConfig } from './config.js';
import { ensureFaceModels } from './face/convert-models.js';
import { HealthService } from './health.js';
import { prepareOcrModels } from './ocr/prepare-models.js';
import { WorkerPool } from './pool.js';
import { PipelineService } from './service.js';
import { StageTimings } from './timing.js';

export interface RunningPipeline {
  /** host:port actually bound (port 0 picks a free one). */
  address: string;
  pool: WorkerPool;
  timings: StageTimings;
  close(): Promise<void>;
}

export async function startPipelineServer(config: Readonly<PipelineConfig>): Promise<RunningPipeline> {
  // The models' files are made here, once, so that no worker makes them on a first request.
  await ensureFaceModels();
  await prepareOcrModels();
  const pool = new WorkerPool(config);
  const timings = new StageTimings();
  const service = new PipelineService(pool, timings);
  const health = new HealthService();
  const server = new grpc.Server({
    // Images of up to 3 × the front door's 20 MB body limit, plus headroom.
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
    'grpc.max_send_message_length': 64 * 1024 * 1024,
  });
  service.addToServer(server);
  health.addToServer(server);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${config.host}:${config.port}`, grpc.ServerCredentials.createInsecure(),
      (error, bound) => (error ? reject(error) : resolve(bound)));
  });
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    address: `${host}:${port}`,
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
      })();
      return closing;
    },
  };
}
