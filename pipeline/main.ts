/** The pipeline process (flags: config.ts), forked by the front door; reports `{ type: 'listening', … }` over IPC once bound. */
import { loadPipelineConfig } from './config.js';
import { ModelsNotPreparedError } from './model-dir.js';
import { startPipelineServer } from './server.js';

function log(msg: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', name: 'pipeline', msg, ...fields })}\n`);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadPipelineConfig(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`idv pipeline: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const running = await startPipelineServer(config);
  log('pipeline listening', {
    address: running.address,
    transport: config.tls === null ? 'plaintext' : config.tls.clientCaFile === null ? 'tls' : 'mutual tls',
    token: config.token !== null,
    healthAddress: running.healthAddress,
    threads: config.threads,
    maxQueue: config.maxQueue,
  });
  process.send?.({ type: 'listening', address: running.address, healthAddress: running.healthAddress });
  const shutdown = (signal: string): void => {
    log('pipeline shutting down', { signal });
    running.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  // The front door's IPC channel closing means it went away: don't linger as an orphan.
  process.once('disconnect', () => shutdown('disconnect'));
}

main().catch((error: unknown) => {
  // An unprepared model cache is the operator's to fix, and its message says how: no stack.
  const said = error instanceof ModelsNotPreparedError ? error.message : (error as Error).stack ?? String(error);
  process.stderr.write(`idv pipeline: failed to start: ${said}\n`);
  process.exit(1);
});
