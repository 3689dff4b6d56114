// The front door's composition root, the only place that wires and listens; close() undoes it in reverse.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, type Config } from './config.js';
import type { Log } from './log.js';
import { createPipelineClient, type PipelineClient } from './pipeline-client.js';
import { supervisePipeline, type SupervisedPipeline } from './pipeline-supervisor.js';
import { readPipelineSecurity } from './pipeline-security.js';
import { pipelineTarget } from './pipeline-target.js';
import { createMetrics } from './metrics.js';
import { startSweeper } from './requests/sweeper.js';
import { openStore } from './store/index.js';
import { startWebhookSender } from './webhooks/sender.js';

/** In-flight requests get this long to finish on close before their connections are cut. */
const CLOSE_GRACE_MS = 10_000;

export interface RunningServer {
  url: string;
  pipelineAddress(): string;
  close(): Promise<void>;
}

async function readTls(config: Readonly<Config>): Promise<{ cert: Buffer; key: Buffer } | null> {
  if (config.tlsCert === null || config.tlsKey === null) return null;
  const read = async (option: string, file: string): Promise<Buffer> => {
    try {
      return await readFile(file);
    } catch (error) {
      throw new ConfigError(`${option} cannot be read: ${(error as Error).message}`);
    }
  };
  return { cert: await read('--tls-cert', config.tlsCert), key: await read('--tls-key', config.tlsKey) };
}

export async function startServer(config: Readonly<Config>, log: Log): Promise<RunningServer> {
  const tls = await readTls(config);
  const pipelineSecurity = await readPipelineSecurity(config);
  const store = await openStore(config, { log });
  let supervised: SupervisedPipeline | null = null;
  try {
    let pipeline: PipelineClient;
    if (config.pipelineAddress === null) {
      supervised = await supervisePipeline(config.pipelineDeadlineMs, log, config.pipelineToken);
      pipeline = supervised.client;
    } else {
      pipeline = createPipelineClient(await pipelineTarget(config.pipelineAddress), config.pipelineDeadlineMs, pipelineSecurity);
    }
    const metrics = createMetrics();
    const app = buildApp({ store, pipeline, config, log, metrics });
    const handler = app.callback();
    const server = tls === null ? http.createServer(handler) : https.createServer(tls, handler);
    // Large bodies over slow links: the default 5 min request timeout is fine, headers must be quick.
    server.headersTimeout = 30_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const sweeper = startSweeper(store, {
      intervalMs: config.sweepIntervalSeconds * 1000,
      retentionMs: config.retentionDays * 86_400_000,
      log,
    });
    const sender = startWebhookSender({
      store, log, metrics, retryBaseMs: config.webhookRetryBaseMs, allowPrivate: config.webhookAllowPrivate,
    });
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const url = `${tls === null ? 'http' : 'https'}://${host}:${port}`;
    let closing: Promise<void> | undefined;
    return {
      url,
      pipelineAddress: () => supervised?.address() ?? config.pipelineAddress!,
      close() {
        closing ??= (async () => {
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          const grace = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
          await closed;
          clearTimeout(grace);
          await sweeper.stop();
          await sender.stop();
          if (supervised === null) pipeline.close();
          else await supervised.stop();
          await store.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await supervised?.stop();
    await store.close();
    throw error;
  }
}
