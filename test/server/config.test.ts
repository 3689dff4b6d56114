import t from 'tap';
import path from 'node:path';
import { ConfigError, DEFAULTS, loadConfig } from '../../server/config.js';

t.test('defaults apply when nothing is set', async (t) => {
  const config = loadConfig({});
  t.equal(config.dataDir, path.resolve(DEFAULTS.dataDir));
  t.equal(config.mongodbUri, null);
  t.equal(config.requestTtlSeconds, 3600);
  t.equal(config.retentionDays, 30);
  t.equal(config.port, 8080);
  t.equal(config.host, '127.0.0.1');
  t.equal(config.tlsCert, null);
  t.equal(config.trustedProxy, false);
  t.equal(config.devMode, false);
  t.equal(config.pipelineAddress, null);
  t.equal(config.bodyLimitBytes, 20 * 1024 * 1024);
  t.equal(config.rateLimitPerSecond, 50);
  t.equal(config.rateLimitBurst, 100);
  t.equal(config.addressRateLimitPerSecond, 10);
  t.equal(config.addressRateLimitBurst, 50);
  t.equal(config.publicKeyMaxPending, 100);
  t.equal(config.metricsAccess, 'local');
  t.equal(config.logLevel, 'info');
  t.equal(config.webhookRetryBaseMs, 10_000);
  t.equal(config.webhookAllowPrivate, false);
  t.ok(Object.isFrozen(config), 'the config is frozen');
});

t.test('environment and flags are read, flags over PORT', async (t) => {
  const config = loadConfig({
    IDV_DATA_DIR: '/tmp/idv-x', IDV_MONGODB_URI: 'mongodb://127.0.0.1:27017/idv', IDV_REQUEST_TTL_SECONDS: '60',
    IDV_RETENTION_DAYS: '0', PORT: '9000', IDV_TRUSTED_PROXY: 'true', IDV_DEV_MODE: '1', IDV_PIPELINE_DEADLINE_MS: '5000',
    IDV_RATE_LIMIT_PER_SECOND: '0', IDV_RATE_LIMIT_BURST: '7', IDV_METRICS: 'Open', IDV_LOG_LEVEL: 'debug',
    IDV_WEBHOOK_RETRY_BASE_MS: '50', IDV_WEBHOOK_ALLOW_PRIVATE: '1',
  }, ['--port=9100', '--host', '0.0.0.0', '--tls-cert', 'c.pem', '--tls-key', 'k.pem', '--pipeline', '10.0.0.5:50051']);
  t.equal(config.dataDir, '/tmp/idv-x');
  t.equal(config.mongodbUri, 'mongodb://127.0.0.1:27017/idv');
  t.equal(config.requestTtlSeconds, 60);
  t.equal(config.retentionDays, 0);
  t.equal(config.port, 9100);
  t.equal(config.host, '0.0.0.0');
  t.equal(config.tlsCert, path.resolve('c.pem'));
  t.equal(config.tlsKey, path.resolve('k.pem'));
  t.equal(config.trustedProxy, true);
  t.equal(config.devMode, true);
  t.equal(config.pipelineDeadlineMs, 5000);
  t.equal(config.pipelineAddress, '10.0.0.5:50051');
  t.equal(config.rateLimitPerSecond, 0, '0 turns rate limiting off');
  t.equal(config.rateLimitBurst, 7);
  t.equal(config.metricsAccess, 'open', 'case does not matter');
  t.equal(config.logLevel, 'debug');
  t.equal(config.webhookRetryBaseMs, 50);
  t.equal(config.webhookAllowPrivate, true);
  t.equal(loadConfig({ PORT: '9000' }).port, 9000);
});

t.test('abuse limits: the address rate, and the pending cap from the environment or the flag (the flag wins)', async (t) => {
  const config = loadConfig({ IDV_ADDRESS_RATE_LIMIT_PER_SECOND: '0', IDV_ADDRESS_RATE_LIMIT_BURST: '9', IDV_PUBLIC_KEY_MAX_PENDING: '7' });
  t.equal(config.addressRateLimitPerSecond, 0, '0 turns the address limit off');
  t.equal(config.addressRateLimitBurst, 9);
  t.equal(config.publicKeyMaxPending, 7);
  t.equal(loadConfig({ IDV_PUBLIC_KEY_MAX_PENDING: '7' }, ['--public-key-max-pending', '3']).publicKeyMaxPending, 3);
  t.equal(loadConfig({}, ['--public-key-max-pending=0']).publicKeyMaxPending, 0, '0 turns the cap off');
});

t.test('every bad option fails with a message that names it', async (t) => {
  const cases: [NodeJS.ProcessEnv, string[], RegExp][] = [
    [{ IDV_REQUEST_TTL_SECONDS: 'abc' }, [], /^IDV_REQUEST_TTL_SECONDS must be an integer from 1 to \d+, got "abc"$/],
    [{ IDV_REQUEST_TTL_SECONDS: '0' }, [], /^IDV_REQUEST_TTL_SECONDS must be an integer/],
    [{ IDV_RETENTION_DAYS: '-1' }, [], /^IDV_RETENTION_DAYS must be an integer/],
    [{ IDV_SWEEP_INTERVAL_SECONDS: '1.5' }, [], /^IDV_SWEEP_INTERVAL_SECONDS must be an integer/],
    [{ PORT: '70000' }, [], /^PORT must be an integer from 0 to 65535, got "70000"$/],
    [{}, ['--port', 'x'], /^--port must be an integer from 0 to 65535, got "x"$/],
    [{ IDV_PIPELINE_DEADLINE_MS: '10' }, [], /^IDV_PIPELINE_DEADLINE_MS must be an integer from 100/],
    [{ IDV_MONGODB_URI: 'postgres://x' }, [], /^IDV_MONGODB_URI must start with mongodb:\/\//],
    [{ IDV_TRUSTED_PROXY: 'maybe' }, [], /^IDV_TRUSTED_PROXY must be true or false/],
    [{ IDV_DEV_MODE: 'yes please' }, [], /^IDV_DEV_MODE must be true or false/],
    [{}, ['--pipeline', 'nohost'], /^--pipeline must be host:port, several host:port separated by commas, or dns:host:port, got "nohost"$/],
    [{}, ['--tls-cert', 'c.pem'], /^--tls-cert and --tls-key must be given together$/],
    [{}, ['--colour', 'blue'], /^unknown option --colour$/],
    [{}, ['--host'], /^--host needs a value$/],
    [{ IDV_RATE_LIMIT_PER_SECOND: '-5' }, [], /^IDV_RATE_LIMIT_PER_SECOND must be an integer from 0 to 1000000, got "-5"$/],
    [{ IDV_RATE_LIMIT_PER_SECOND: '2.5' }, [], /^IDV_RATE_LIMIT_PER_SECOND must be an integer/],
    [{ IDV_RATE_LIMIT_BURST: '0' }, [], /^IDV_RATE_LIMIT_BURST must be an integer from 1 to 1000000, got "0"$/],
    [{ IDV_METRICS: 'public' }, [], /^IDV_METRICS must be one of local, open, off, got "public"$/],
    [{ IDV_WEBHOOK_RETRY_BASE_MS: '0' }, [], /^IDV_WEBHOOK_RETRY_BASE_MS must be an integer from 1 to 3600000, got "0"$/],
    [{ IDV_WEBHOOK_ALLOW_PRIVATE: 'sure' }, [], /^IDV_WEBHOOK_ALLOW_PRIVATE must be true or false/],
    [{ IDV_LOG_LEVEL: 'trace' }, [], /^IDV_LOG_LEVEL must be one of debug, info, warn, error, got "trace"$/],
    [{ IDV_ADDRESS_RATE_LIMIT_PER_SECOND: 'lots' }, [], /^IDV_ADDRESS_RATE_LIMIT_PER_SECOND must be an integer from 0 to 1000000, got "lots"$/],
    [{ IDV_ADDRESS_RATE_LIMIT_BURST: '0' }, [], /^IDV_ADDRESS_RATE_LIMIT_BURST must be an integer from 1 to 1000000, got "0"$/],
    [{ IDV_PUBLIC_KEY_MAX_PENDING: '-1' }, [], /^IDV_PUBLIC_KEY_MAX_PENDING must be an integer from 0 to 1000000, got "-1"$/],
    [{}, ['--public-key-max-pending', 'many'], /^--public-key-max-pending must be an integer from 0 to 1000000, got "many"$/],
  ];
  for (const [env, argv, message] of cases) {
    t.throws(() => loadConfig(env, argv), { name: 'ConfigError', message }, `${JSON.stringify(env)} ${argv.join(' ')}`);
  }
  t.type(new ConfigError('x'), Error);
});
