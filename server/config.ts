// The one reader of process.env and the command line; a bad option fails at start, named.
import path from 'node:path';
import { decodeMasterKey } from './data-protection/key-text.js';
import { checkPipelineToken } from '../common/pipeline-token.js';
import { checkPipelineAddress } from './pipeline-address.js';

export interface Config {
  /** Folder of the embedded store (IDV_DATA_DIR). */
  dataDir: string;
  mongodbUri: string | null;
  /** The master key that seals personal data at rest (IDV_DATA_KEY, base64 of 32 bytes), decoded. */
  dataKey: Buffer | null;
  /** IDV_DATA_KEY_FILE; neither set: the data folder's key. */
  dataKeyFile: string | null;
  /** Checking time of a pending request (IDV_REQUEST_TTL_SECONDS). */
  requestTtlSeconds: number;
  /** How long images of finished requests are kept (IDV_RETENTION_DAYS). */
  retentionDays: number;
  /** How often the sweeper expires requests and purges images (IDV_SWEEP_INTERVAL_SECONDS). */
  sweepIntervalSeconds: number;
  port: number;
  host: string;
  tlsCert: string | null;
  tlsKey: string | null;
  /** Trust X-Forwarded-Proto from the proxy in front (IDV_TRUSTED_PROXY). */
  trustedProxy: boolean;
  /** Adds DeveloperMessage to 5xx error bodies (IDV_DEV_MODE). */
  devMode: boolean;
  /** gRPC deadline of one pipeline call (IDV_PIPELINE_DEADLINE_MS). */
  pipelineDeadlineMs: number;
  /** Remote pipelines (IDV_PIPELINE_ADDRESS, pipeline-address.ts); null: `serve` starts its own child. */
  pipelineAddress: string | null;
  /** The bearer token sent on every pipeline call (IDV_PIPELINE_TOKEN); null: none. */
  pipelineToken: string | null;
  /** TLS to remote pipelines (IDV_PIPELINE_TLS_*); null: plain text. */
  pipelineTls: PipelineTlsSettings | null;
  /** Largest accepted request body, bytes (decisions.md: 20 MB). */
  bodyLimitBytes: number;
  /** Sustained requests per second per API key; 0 turns rate limiting off (IDV_RATE_LIMIT_PER_SECOND). */
  rateLimitPerSecond: number;
  /** Requests a key may send at once above the sustained rate (IDV_RATE_LIMIT_BURST). */
  rateLimitBurst: number;
  /** Sustained calls per second per client address without a valid key; 0: no limit (IDV_ADDRESS_RATE_LIMIT_PER_SECOND). */
  addressRateLimitPerSecond: number;
  /** Such calls an address may make at once (IDV_ADDRESS_RATE_LIMIT_BURST). */
  addressRateLimitBurst: number;
  /** Pending requests a public key may hold; 0: no cap (--public-key-max-pending / IDV_PUBLIC_KEY_MAX_PENDING). */
  publicKeyMaxPending: number;
  /** Who may read GET /metrics: loopback peers, anyone, or nobody (IDV_METRICS). */
  metricsAccess: MetricsAccess;
  /** Lowest level written to the log (IDV_LOG_LEVEL). */
  logLevel: LogLevel;
  /** First webhook retry delay; the whole schedule scales with it (IDV_WEBHOOK_RETRY_BASE_MS). */
  webhookRetryBaseMs: number;
  /** Webhooks may go to http and private addresses: tests, local setups (IDV_WEBHOOK_ALLOW_PRIVATE). */
  webhookAllowPrivate: boolean;
}

export interface PipelineTlsSettings {
  /** The CA that signed the pipelines' certificates (IDV_PIPELINE_TLS_CA); null: the system's roots. */
  caFile: string | null;
  /** The client certificate and key for mutual TLS (IDV_PIPELINE_TLS_CERT, IDV_PIPELINE_TLS_KEY). */
  certFile: string | null;
  keyFile: string | null;
  /** The name the pipelines' certificate must hold, when not the address's host (IDV_PIPELINE_TLS_SERVER_NAME). */
  serverName: string | null;
}

export const METRICS_ACCESS = ['local', 'open', 'off'] as const;
export type MetricsAccess = (typeof METRICS_ACCESS)[number];
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULTS = Object.freeze({
  dataDir: './.data',
  requestTtlSeconds: 3600,
  retentionDays: 30,
  sweepIntervalSeconds: 60,
  port: 8080,
  host: '127.0.0.1',
  pipelineDeadlineMs: 60_000,
  bodyLimitBytes: 20 * 1024 * 1024,
  // Generous: a busy integrator's back end, not a client loop gone wrong, should never meet it.
  rateLimitPerSecond: 50,
  rateLimitBurst: 100,
  // A dashboard page load is 9 files: 5 loads at once, one a second sustained, per address.
  addressRateLimitPerSecond: 10,
  addressRateLimitBurst: 50,
  publicKeyMaxPending: 100,
  metricsAccess: 'local' as MetricsAccess,
  logLevel: 'info' as LogLevel,
  webhookRetryBaseMs: 10_000,
});

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const FLAGS = ['--port', '--host', '--tls-cert', '--tls-key', '--pipeline', '--public-key-max-pending'] as const;
type Flag = (typeof FLAGS)[number];

export function parseFlags(argv: readonly string[]): Partial<Record<Flag, string>> {
  const flags: Partial<Record<Flag, string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (!(FLAGS as readonly string[]).includes(name)) throw new ConfigError(`unknown option ${arg}`);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '') throw new ConfigError(`${name} needs a value`);
    flags[name as Flag] = value;
  }
  return flags;
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

function boolean(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false (1/0), got "${raw}"`);
}

function oneOf<T extends string>(name: string, raw: string | undefined, allowed: readonly T[], fallback: T): T {
  if (raw === undefined || raw === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return value as T;
}

function pipelineAddress(flag: string | undefined, env: string | undefined): string | null {
  const [name, raw] = flag !== undefined ? ['--pipeline', flag] : ['IDV_PIPELINE_ADDRESS', env];
  if (raw === undefined || raw === '') return null;
  const checked = checkPipelineAddress(raw);
  if ('error' in checked) throw new ConfigError(`${name} ${checked.error}`);
  return checked.address;
}

function dataKeySettings(key: string | undefined, file: string | undefined): { dataKey: Buffer | null; dataKeyFile: string | null } {
  if (key && file) throw new ConfigError('IDV_DATA_KEY and IDV_DATA_KEY_FILE are both set: give one');
  if (key) {
    const decoded = decodeMasterKey(key);
    if (decoded === null) throw new ConfigError('IDV_DATA_KEY must be base64 of 32 bytes (make one with: openssl rand -base64 32)');
    return { dataKey: decoded, dataKeyFile: null };
  }
  return { dataKey: null, dataKeyFile: file ? path.resolve(file) : null };
}

function pipelineToken(raw: string | undefined): string | null {
  const checked = checkPipelineToken(raw);
  if ('error' in checked) throw new ConfigError(checked.error);
  return checked.token;
}

/** IDV_PIPELINE_TLS_CA / _CERT / _KEY / _SERVER_NAME: any of the first three turns TLS on. */
function pipelineTls(env: NodeJS.ProcessEnv): PipelineTlsSettings | null {
  const file = (raw: string | undefined): string | null => (raw ? path.resolve(raw) : null);
  const caFile = file(env.IDV_PIPELINE_TLS_CA);
  const certFile = file(env.IDV_PIPELINE_TLS_CERT);
  const keyFile = file(env.IDV_PIPELINE_TLS_KEY);
  if ((certFile === null) !== (keyFile === null)) throw new ConfigError('IDV_PIPELINE_TLS_CERT and IDV_PIPELINE_TLS_KEY must be given together');
  const serverName = env.IDV_PIPELINE_TLS_SERVER_NAME || null;
  if (caFile === null && certFile === null) {
    if (serverName !== null) throw new ConfigError('IDV_PIPELINE_TLS_SERVER_NAME needs IDV_PIPELINE_TLS_CA or IDV_PIPELINE_TLS_CERT');
    return null;
  }
  return { caFile, certFile, keyFile, serverName };
}

function mongoUri(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!/^mongodb(\+srv)?:\/\//.test(raw)) {
    throw new ConfigError('IDV_MONGODB_URI must start with mongodb:// or mongodb+srv://');
  }
  return raw;
}

/** Pure: the caller passes `process.env` and the flags after the command name. */
export function loadConfig(env: NodeJS.ProcessEnv, argv: readonly string[] = []): Readonly<Config> {
  const flags = parseFlags(argv);
  const tlsCert = flags['--tls-cert'] ?? null;
  const tlsKey = flags['--tls-key'] ?? null;
  if ((tlsCert === null) !== (tlsKey === null)) {
    throw new ConfigError('--tls-cert and --tls-key must be given together');
  }
  const portFlag = flags['--port'];
  const maxPendingFlag = flags['--public-key-max-pending'];
  const config: Config = {
    dataDir: path.resolve(env.IDV_DATA_DIR || DEFAULTS.dataDir),
    mongodbUri: mongoUri(env.IDV_MONGODB_URI),
    ...dataKeySettings(env.IDV_DATA_KEY, env.IDV_DATA_KEY_FILE),
    requestTtlSeconds: integer('IDV_REQUEST_TTL_SECONDS', env.IDV_REQUEST_TTL_SECONDS, DEFAULTS.requestTtlSeconds, 1, 365 * 86400),
    retentionDays: integer('IDV_RETENTION_DAYS', env.IDV_RETENTION_DAYS, DEFAULTS.retentionDays, 0, 36500),
    sweepIntervalSeconds: integer('IDV_SWEEP_INTERVAL_SECONDS', env.IDV_SWEEP_INTERVAL_SECONDS, DEFAULTS.sweepIntervalSeconds, 1, 86400),
    port: portFlag !== undefined
      ? integer('--port', portFlag, DEFAULTS.port, 0, 65535)
      : integer('PORT', env.PORT, DEFAULTS.port, 0, 65535),
    host: flags['--host'] ?? DEFAULTS.host,
    tlsCert: tlsCert === null ? null : path.resolve(tlsCert),
    tlsKey: tlsKey === null ? null : path.resolve(tlsKey),
    trustedProxy: boolean('IDV_TRUSTED_PROXY', env.IDV_TRUSTED_PROXY),
    devMode: boolean('IDV_DEV_MODE', env.IDV_DEV_MODE),
    pipelineDeadlineMs: integer('IDV_PIPELINE_DEADLINE_MS', env.IDV_PIPELINE_DEADLINE_MS, DEFAULTS.pipelineDeadlineMs, 100, 3_600_000),
    pipelineAddress: pipelineAddress(flags['--pipeline'], env.IDV_PIPELINE_ADDRESS),
    pipelineToken: pipelineToken(env.IDV_PIPELINE_TOKEN),
    pipelineTls: pipelineTls(env),
    bodyLimitBytes: DEFAULTS.bodyLimitBytes,
    rateLimitPerSecond: integer('IDV_RATE_LIMIT_PER_SECOND', env.IDV_RATE_LIMIT_PER_SECOND, DEFAULTS.rateLimitPerSecond, 0, 1_000_000),
    rateLimitBurst: integer('IDV_RATE_LIMIT_BURST', env.IDV_RATE_LIMIT_BURST, DEFAULTS.rateLimitBurst, 1, 1_000_000),
    addressRateLimitPerSecond: integer('IDV_ADDRESS_RATE_LIMIT_PER_SECOND', env.IDV_ADDRESS_RATE_LIMIT_PER_SECOND, DEFAULTS.addressRateLimitPerSecond, 0, 1_000_000),
    addressRateLimitBurst: integer('IDV_ADDRESS_RATE_LIMIT_BURST', env.IDV_ADDRESS_RATE_LIMIT_BURST, DEFAULTS.addressRateLimitBurst, 1, 1_000_000),
    publicKeyMaxPending: maxPendingFlag !== undefined
      ? integer('--public-key-max-pending', maxPendingFlag, DEFAULTS.publicKeyMaxPending, 0, 1_000_000)
      : integer('IDV_PUBLIC_KEY_MAX_PENDING', env.IDV_PUBLIC_KEY_MAX_PENDING, DEFAULTS.publicKeyMaxPending, 0, 1_000_000),
    metricsAccess: oneOf('IDV_METRICS', env.IDV_METRICS, METRICS_ACCESS, DEFAULTS.metricsAccess),
    logLevel: oneOf('IDV_LOG_LEVEL', env.IDV_LOG_LEVEL, LOG_LEVELS, DEFAULTS.logLevel),
    webhookRetryBaseMs: integer('IDV_WEBHOOK_RETRY_BASE_MS', env.IDV_WEBHOOK_RETRY_BASE_MS, DEFAULTS.webhookRetryBaseMs, 1, 3_600_000),
    webhookAllowPrivate: boolean('IDV_WEBHOOK_ALLOW_PRIVATE', env.IDV_WEBHOOK_ALLOW_PRIVATE),
  };
  return Object.freeze(config);
}
