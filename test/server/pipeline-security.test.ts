/**
 * The front door's client to remote pipelines (server/pipeline-security.ts): over mutual TLS with
 * the token against a real gRPC server that asks for both, Health and Verify alike; refused without
 * the token, without a client certificate, and when it does not trust the pipeline's CA. And the
 * IDV_PIPELINE_TLS_* / IDV_PIPELINE_TOKEN settings, each bad one refused with its name.
 */
import { randomBytes } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import t from 'tap';
import { tokenInterceptor } from '../../pipeline/call-token.js';
import { HealthService } from '../../pipeline/health.js';
import { pipelineProto } from '../../pipeline/proto.js';
import type { CodedError } from '../../common/errors.js';
import { loadConfig } from '../../server/config.js';
import { createPipelineClient } from '../../server/pipeline-client.js';
import { readPipelineSecurity, type PipelineSecurity } from '../../server/pipeline-security.js';
import { SKIP_OPENSSL, makeTlsFiles } from '../fixtures/tls-material.js';

const TOKEN = randomBytes(24).toString('hex');
const VERIFY_INPUT = { documentType: 1, front: null, back: null, face: null, trackText: 'x', verifyFace: false } as const;

t.test('the client sends its certificate and the token on every call, and the pipeline refuses callers without them', { skip: SKIP_OPENSSL }, async (t) => {
  const files = await makeTlsFiles();
  t.teardown(() => files.remove());
  // A pipeline as it listens with --tls-client-ca and IDV_PIPELINE_TOKEN: Health answers, Verify is a stub.
  const server = new grpc.Server({ interceptors: [tokenInterceptor(TOKEN)] });
  new HealthService().addToServer(server);
  server.addService(pipelineProto().idv.pipeline.v1.Pipeline.service, {
    Verify: (_call: unknown, callback: grpc.sendUnaryData<never>) => callback({ code: grpc.status.FAILED_PRECONDITION, details: 'stub' }),
  });
  const credentials = grpc.ServerCredentials.createSsl(await files.read(files.caCert),
    [{ cert_chain: await files.read(files.serverCert), private_key: await files.read(files.serverKey) }], true);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', credentials, (error, bound) => (error ? reject(error) : resolve(bound)));
  });
  t.teardown(() => server.forceShutdown());

  const env = {
    IDV_PIPELINE_TOKEN: TOKEN, IDV_PIPELINE_TLS_CA: files.caCert, IDV_PIPELINE_TLS_CERT: files.clientCert, IDV_PIPELINE_TLS_KEY: files.clientKey,
  };
  const security = await readPipelineSecurity(loadConfig(env));
  const ask = async (settings: PipelineSecurity): Promise<{ health: string; verify: string | undefined }> => {
    const client = createPipelineClient(`127.0.0.1:${port}`, 3_000, settings);
    try {
      const health = await client.health();
      const verify = await client.verify(VERIFY_INPUT).then(() => 'answered', (error: CodedError) => error.details);
      return { health, verify };
    } finally {
      client.close();
    }
  };

  const trusted = await ask(security);
  t.equal(trusted.health, 'SERVING', 'mutual TLS and the token: Health answers');
  t.match(trusted.verify, /^pipeline: FAILED_PRECONDITION stub/, 'and Verify reaches its handler');
  const noToken = await ask({ ...security, token: null });
  t.equal(noToken.health, 'UNAUTHENTICATED', 'no token: Health refused');
  t.match(noToken.verify, /^pipeline: UNAUTHENTICATED/, 'and Verify refused');
  const noCertificate = await ask({ ...security, tls: { ...security.tls!, cert: null, key: null } });
  t.equal(noCertificate.health, 'UNAVAILABLE', 'no client certificate: no connection');
  const noTrust = await ask({ ...security, tls: { ...security.tls!, ca: await files.read(files.strangerCert) } });
  t.equal(noTrust.health, 'UNAVAILABLE', "a CA that did not sign the pipeline's certificate: no connection");
  const named = await ask({ ...security, tls: { ...security.tls!, serverName: 'localhost' } });
  t.equal(named.health, 'SERVING', 'IDV_PIPELINE_TLS_SERVER_NAME: the name checked instead of the address');
});

t.test('the pipeline TLS and token settings of the front door', async (t) => {
  t.same([loadConfig({}).pipelineTls, loadConfig({}).pipelineToken], [null, null], 'none by default: plain text, no token');
  const config = loadConfig({ IDV_PIPELINE_TLS_CA: 'ca.pem', IDV_PIPELINE_TLS_SERVER_NAME: 'pipelines.idv.internal' });
  t.match(config.pipelineTls, { caFile: /\/ca\.pem$/, certFile: null, keyFile: null, serverName: 'pipelines.idv.internal' }, 'a CA alone: TLS, not mutual');
  const refusals: Array<[NodeJS.ProcessEnv, RegExp]> = [
    [{ IDV_PIPELINE_TLS_CERT: 'c.pem' }, /^IDV_PIPELINE_TLS_CERT and IDV_PIPELINE_TLS_KEY must be given together$/],
    [{ IDV_PIPELINE_TLS_KEY: 'c.key' }, /^IDV_PIPELINE_TLS_CERT and IDV_PIPELINE_TLS_KEY must be given together$/],
    [{ IDV_PIPELINE_TLS_SERVER_NAME: 'x' }, /^IDV_PIPELINE_TLS_SERVER_NAME needs IDV_PIPELINE_TLS_CA or IDV_PIPELINE_TLS_CERT$/],
    [{ IDV_PIPELINE_TOKEN: 'short' }, /^IDV_PIPELINE_TOKEN must be at least 16 characters/],
  ];
  for (const [env, message] of refusals) t.throws(() => loadConfig(env), { name: 'ConfigError', message }, JSON.stringify(env));
  await t.rejects(readPipelineSecurity(loadConfig({ IDV_PIPELINE_TLS_CA: '/nonexistent/ca.pem' })),
    { name: 'ConfigError', message: /^IDV_PIPELINE_TLS_CA cannot be read: / }, 'a file that cannot be read, named');
});
