// The image's HEALTHCHECK. A door checks liveness only: a store or pipeline outage must not restart it.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { parseArgs } from 'node:util';
import { checkPipelineToken } from '../common/pipeline-token.js';
import { loadConfig } from './config.js';
import { createPipelineClient } from './pipeline-client.js';

/** Well within Docker's default 30 s check timeout. */
const CHECK_TIMEOUT_MS = 3_000;
/** As pipeline/config.ts. */
const PIPELINE_DEFAULT_PORT = 50051;

export function commandOf(cmdline: string): { command: string; args: string[] } {
  const argv = cmdline.split('\0').filter((part) => part !== '');
  const at = argv.findIndex((part) => part === 'serve' || part === 'pipeline');
  if (at === -1) throw new Error(`the process runs neither idv serve nor idv pipeline: ${argv.join(' ')}`);
  return { command: argv[at]!, args: argv.slice(at + 1) };
}

function frontDoorHealth(args: string[]): Promise<string> {
  const config = loadConfig(process.env, args);
  const request = config.tlsCert === null ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    // rejectUnauthorized: this asks our own process over loopback whether it runs; it trusts nothing.
    const call = request({ host: '127.0.0.1', port: config.port, path: '/health', timeout: CHECK_TIMEOUT_MS, rejectUnauthorized: false }, (answer) => {
      answer.resume();
      if (answer.statusCode === 200) resolve('front door /health 200');
      else reject(new Error(`front door /health answered ${answer.statusCode}`));
    });
    call.on('timeout', () => call.destroy(new Error(`front door /health did not answer in ${CHECK_TIMEOUT_MS} ms`)));
    call.on('error', reject);
    call.end();
  });
}

async function pipelineHealth(args: string[]): Promise<string> {
  const { values } = parseArgs({ args, options: { port: { type: 'string' }, 'health-port': { type: 'string' }, 'tls-cert': { type: 'string' } }, strict: false });
  const healthPort = typeof values['health-port'] === 'string' ? values['health-port'] : process.env.IDV_PIPELINE_HEALTH_PORT || null;
  if (healthPort === null && values['tls-cert'] !== undefined) throw new Error('a pipeline on TLS is checked on its --health-port: give it one');
  const port = healthPort ?? (typeof values.port === 'string' ? values.port : process.env.IDV_PIPELINE_PORT || String(PIPELINE_DEFAULT_PORT));
  // The health port asks for no token; the main port does when the pipeline has one.
  const checked = checkPipelineToken(process.env.IDV_PIPELINE_TOKEN);
  const token = healthPort === null && 'token' in checked ? checked.token : null;
  const client = createPipelineClient(`127.0.0.1:${port}`, CHECK_TIMEOUT_MS, { token, tls: null });
  try {
    const status = await client.health();
    if (status !== 'SERVING') throw new Error(`pipeline health is ${status}`);
    return 'pipeline SERVING';
  } finally {
    client.close();
  }
}

async function main(): Promise<void> {
  const pid = process.argv[2] ?? '1';
  if (!/^\d+$/.test(pid)) throw new Error(`PID must be a process id, got "${pid}"`);
  const { command, args } = commandOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  const said = command === 'serve' ? await frontDoorHealth(args) : await pipelineHealth(args);
  process.stderr.write(`healthy: ${said}\n`);
}

// Run only as the HEALTHCHECK's command, not when a test imports commandOf.
if (process.argv[1]?.endsWith('container-health.js')) {
  main().then(() => process.exit(0), (error: unknown) => {
    process.stderr.write(`unhealthy: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
