#!/usr/bin/env node
/**
 * The operator CLI, `idv` (commands: USAGE below, docs/operations.md). stdout carries only command
 * output; logs go to stderr. With an IPC channel, `serve` reports `{ type: 'listening', url }`.
 */
import { randomUUID } from 'node:crypto';
import { CodedError } from '../common/errors.js';
import { ConfigError, loadConfig } from './config.js';
import { ApiProblem } from './http-errors.js';
import { hashKey, createKey } from './keys.js';
import { createLog } from './log.js';
import { startServer } from './main.js';
import { runPipelineForeground } from './pipeline-process.js';
import type { KeyType } from './store/store.js';
import { openStore } from './store/index.js';
import { account, options } from './cli-options.js';
import { auditCommand } from './cli-audit.js';
import { dataKeyCommand } from './cli-data-key.js';
import { isUuid } from './validation/values.js';
import { endpointItem, registerEndpoint } from './webhooks/endpoints.js';

const USAGE = `usage:
  idv serve [--port N] [--host H] [--tls-cert FILE --tls-key FILE] [--pipeline HOST:PORT[,HOST:PORT…] | dns:NAME:PORT] [--public-key-max-pending N]
  idv pipeline [--host H] [--port N] [--threads N] [--max-queue N] [--tls-cert FILE --tls-key FILE [--tls-client-ca FILE]] [--health-port N]
  idv keys create --type public|secret|private [--account UUID] [--location NAME]...
  idv keys list
  idv keys revoke KEY
  idv webhooks add --account UUID --url URL [--events verification.completed,verification.failed,request.expired,onboarding.completed]
  idv webhooks list --account UUID
  idv webhooks remove ID
  idv data-key rotate --new-key-file FILE
  idv audit --account UUID [--since ISO-8601]
environment: IDV_DATA_DIR, IDV_DATA_KEY, IDV_DATA_KEY_FILE, IDV_MONGODB_URI, IDV_REQUEST_TTL_SECONDS, IDV_RETENTION_DAYS,
  IDV_SWEEP_INTERVAL_SECONDS, IDV_PIPELINE_DEADLINE_MS, IDV_TRUSTED_PROXY, IDV_DEV_MODE, PORT,
  IDV_RATE_LIMIT_PER_SECOND, IDV_RATE_LIMIT_BURST, IDV_METRICS, IDV_LOG_LEVEL, IDV_PIPELINE_ADDRESS,
  IDV_WEBHOOK_RETRY_BASE_MS, IDV_WEBHOOK_ALLOW_PRIVATE, IDV_PIPELINE_TOKEN, IDV_PIPELINE_TLS_CA, IDV_PIPELINE_TLS_CERT,
  IDV_PIPELINE_TLS_KEY, IDV_PIPELINE_TLS_SERVER_NAME, IDV_PIPELINE_ALLOW_PLAINTEXT`;

const KEY_TYPES: readonly KeyType[] = ['public', 'secret', 'private'];

interface KeySpec {
  type: KeyType;
  accountId: string;
  locations: string[];
}

function parseKeySpec(args: readonly string[]): KeySpec {
  let type: string | undefined;
  let account: string | undefined;
  const locations: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!;
    const value = args[++i];
    if (value === undefined || value === '') throw new ConfigError(`${name} needs a value`);
    if (name === '--type') type = value;
    else if (name === '--account') account = value;
    else if (name === '--location') locations.push(value);
    else throw new ConfigError(`unknown option ${name}`);
  }
  if (type === undefined || !(KEY_TYPES as readonly string[]).includes(type)) {
    throw new ConfigError(`--type must be one of ${KEY_TYPES.join(', ')}, got ${type === undefined ? 'nothing' : `"${type}"`}`);
  }
  if (account !== undefined && !isUuid(account)) throw new ConfigError(`--account must be a uuid, got "${account}"`);
  if (type !== 'private' && locations.length > 0) throw new ConfigError('--location applies only to --type private');
  return {
    type: type as KeyType,
    accountId: (account ?? randomUUID()).toLowerCase(),
    locations: type === 'private' && locations.length === 0 ? ['default'] : locations,
  };
}

async function keysCommand(args: readonly string[]): Promise<number> {
  const [action, ...rest] = args;
  const spec = action === 'create' ? parseKeySpec(rest) : null;
  if (action === 'list' && rest.length > 0) throw new ConfigError(`keys list takes no arguments, got ${rest[0]}`);
  if (action === 'revoke' && rest.length !== 1) throw new ConfigError('keys revoke takes exactly one KEY');
  if (spec === null && action !== 'list' && action !== 'revoke') throw new ConfigError(`unknown keys command ${action ?? '(none)'}\n${USAGE}`);
  const config = loadConfig(process.env);
  const store = await openStore(config);
  try {
    if (spec !== null) {
      const { key } = await createKey(store, spec);
      process.stdout.write(`${key}\n`);
      return 0;
    }
    if (action === 'list') {
      const lines = (await store.listKeys()).map((k) => [
        k.hint + '…', k.type, k.accountId, k.locations.join(',') || '-',
        k.createdAt.toISOString(), k.revokedAt === null ? 'active' : `revoked ${k.revokedAt.toISOString()}`,
      ].join('\t'));
      process.stdout.write(['hint\ttype\taccount\tlocations\tcreated\tstate', ...lines].join('\n') + '\n');
      return 0;
    }
    const revoked = await store.revokeKey(hashKey(rest[0]!), new Date());
    process.stderr.write(revoked ? 'key revoked\n' : 'idv: no such key\n');
    return revoked ? 0 : 1;
  } finally {
    await store.close();
  }
}

/** A registration refused by the same rules as over HTTP, as one line naming what is wrong. */
function refusal(error: unknown): never {
  if (!(error instanceof CodedError)) throw error;
  const fields = error instanceof ApiProblem && error.propertyErrors !== null ? Object.values(error.propertyErrors).join('; ') : error.message;
  throw new ConfigError(`${error.code}: ${fields}`);
}

async function webhooksCommand(args: readonly string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'remove' && rest.length !== 1) throw new ConfigError('webhooks remove takes exactly one ID');
  if (action !== 'add' && action !== 'list' && action !== 'remove') throw new ConfigError(`unknown webhooks command ${action ?? '(none)'}\n${USAGE}`);
  const found = action === 'remove' ? {} : options(rest, action === 'add' ? ['--account', '--url', '--events'] : ['--account']);
  const accountId = action === 'remove' ? '' : account(found);
  if (action === 'add' && found['--url'] === undefined) throw new ConfigError('--url is needed');
  const config = loadConfig(process.env);
  const store = await openStore(config);
  try {
    if (action === 'add') {
      const body = { url: found['--url'], ...(found['--events'] === undefined ? {} : { events: found['--events'].split(',').map((e) => e.trim()) }) };
      const record = await registerEndpoint(store, accountId, body, config.webhookAllowPrivate).catch(refusal);
      process.stdout.write(`${record.id}\t${record.url}\t${record.events.join(',')}\n${record.secret}\n`);
      return 0;
    }
    if (action === 'list') {
      const lines = (await store.listWebhookEndpoints(accountId)).map((e) => {
        const item = endpointItem(e);
        return [item.id, item.url, e.events.join(','), item.createdAt].join('\t');
      });
      process.stdout.write(['id\turl\tevents\tcreated', ...lines].join('\n') + '\n');
      return 0;
    }
    const id = rest[0]!;
    const removed = isUuid(id) && await store.deleteWebhookEndpoint(id.toLowerCase());
    process.stderr.write(removed ? 'webhook endpoint removed\n' : 'idv: no such webhook endpoint\n');
    return removed ? 0 : 1;
  } finally {
    await store.close();
  }
}

async function serveCommand(args: readonly string[]): Promise<void> {
  const config = loadConfig(process.env, args);
  const log = createLog(config.logLevel);
  const running = await startServer(config, log);
  log({ level: 'info', event: 'listening', url: running.url, pipeline: running.pipelineAddress(), store: config.mongodbUri === null ? 'sqlite' : 'mongodb' });
  process.send?.({ type: 'listening', url: running.url, pipelineAddress: running.pipelineAddress() });
  const shutdown = (signal: string): void => {
    log({ level: 'info', event: 'shutdown', signal });
    running.close().then(() => process.exit(0), (error: unknown) => {
      log({ level: 'error', event: 'shutdown', details: String(error) });
      process.exit(1);
    });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

async function main(argv: readonly string[]): Promise<number | undefined> {
  const [command, ...args] = argv;
  switch (command) {
    case 'serve':
      await serveCommand(args);
      return undefined;
    case 'pipeline':
      return runPipelineForeground(args);
    case 'keys':
      return keysCommand(args);
    case 'webhooks':
      return webhooksCommand(args);
    case 'data-key':
      return dataKeyCommand(args);
    case 'audit':
      return auditCommand(args);
    case 'help':
    case '--help':
    case undefined:
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    default:
      throw new ConfigError(`unknown command ${command}\n${USAGE}`);
  }
}

main(process.argv.slice(2)).then((code) => {
  if (code !== undefined) process.exitCode = code;
}, (error: unknown) => {
  process.stderr.write(error instanceof ConfigError ? `idv: ${error.message}\n` : `idv: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
