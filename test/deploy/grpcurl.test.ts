/**
 * The pipeline as an internal caller meets it (decisions.md, "Internal gRPC callers"), with
 * grpcurl (.ci/deploy-tools.sh) against a real pipeline process on mutual TLS with a token:
 * reflection lists the services, ReadMrz reads a passport's MRZ, and a call without the token, with
 * a wrong one, without a client certificate, with one of another CA or in plain text is refused,
 * while the plain-text health port answers its probe and nothing else. The commands
 * are those of docs/pipeline.md ("Internal callers"). Skips without grpcurl or openssl.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { startPipelineProcess } from '../../server/pipeline-process.js';
import { encodeMrz } from '../fixtures/mrz-encode.js';
import { renderMrz } from '../fixtures/mrz-render.js';
import { SKIP_OPENSSL, makeTlsFiles } from '../fixtures/tls-material.js';
import { ROOT, needs, run } from './tools.js';

const SKIP = needs('grpcurl') || SKIP_OPENSSL;
/** A specimen passport page (../shared/data/mrz, PassportEye's test data); a rendered page where it is absent. */
const SPECIMEN = fileURLToPath(new URL('../../../../shared/data/mrz/passporteye/tests_data/passport-td3.jpg', import.meta.url));

async function passportPage(): Promise<{ image: Buffer; documentNumber: string }> {
  if (existsSync(SPECIMEN)) return { image: readFileSync(SPECIMEN), documentNumber: 'L898902C3' };
  const lines = encodeMrz({
    documentCode: 'P', issuingState: 'UTO', familyName: 'Eriksson', givenNames: 'Anna Maria', documentNumber: 'L898902C3',
    nationality: 'UTO', birthDate: '1974-08-12', sex: 'F', expiryDate: '2032-04-15',
  }, 'TD3');
  return { image: await renderMrz(lines), documentNumber: 'L898902C3' };
}

t.test('grpcurl lists the pipeline by reflection and calls ReadMrz over mutual TLS with the token; strangers are refused', { skip: SKIP }, async (t) => {
  const tls = await makeTlsFiles();
  t.teardown(() => tls.remove());
  const token = randomBytes(32).toString('hex');
  const pipeline = await startPipelineProcess({
    args: ['--threads', '1', '--tls-cert', tls.serverCert, '--tls-key', tls.serverKey, '--tls-client-ca', tls.caCert, '--health-port', '0'],
    env: { ...process.env, IDV_PIPELINE_TOKEN: token },
  });
  t.teardown(() => pipeline.stop());
  // The address as the certificate names it (127.0.0.1 is in its subjectAltName).
  const target = pipeline.address;
  const trusted = ['-cacert', tls.caCert, '-cert', tls.clientCert, '-key', tls.clientKey];
  const bearer = `authorization: Bearer ${token}`;

  const listed = run('grpcurl', [...trusted, '-H', bearer, target, 'list']);
  t.equal(listed.code, 0, `grpcurl list succeeds: ${listed.stderr}`);
  const services = listed.stdout.trim().split('\n');
  t.ok(services.includes('idv.pipeline.v1.Pipeline'), 'reflection names the Pipeline service');
  t.ok(services.includes('grpc.health.v1.Health'), 'and the Health service');
  const described = run('grpcurl', [...trusted, '-H', bearer, target, 'describe', 'idv.pipeline.v1.Pipeline.ReadMrz']);
  t.match(described.stdout, /rpc ReadMrz \( \.idv\.pipeline\.v1\.ReadMrzRequest \) returns \( \.idv\.pipeline\.v1\.ReadMrzResponse \)/,
    'and describes its methods without the proto file');

  const { image, documentNumber } = await passportPage();
  const request = JSON.stringify({ image: image.toString('base64') });
  const read = run('grpcurl', [...trusted, '-H', bearer, '-d', '@', target, 'idv.pipeline.v1.Pipeline/ReadMrz'], request);
  t.equal(read.code, 0, `ReadMrz succeeds: ${read.stderr}`);
  // grpcurl prints the proto's field names (machine_readable); it reads either spelling.
  const answer = JSON.parse(read.stdout) as { format: string; lines: string[]; machine_readable: { document: { id: string } } };
  t.equal(answer.format, 'TD3', 'a TD3 passport MRZ');
  t.equal(answer.lines.length, 2, 'of two lines');
  t.equal(answer.machine_readable.document.id, documentNumber, 'its document number read');

  // The token only on the reflection calls: the RPC itself is what is refused.
  const noToken = run('grpcurl', [...trusted, '-reflect-header', bearer, '-d', '@', target, 'idv.pipeline.v1.Pipeline/ReadMrz'], request);
  t.not(noToken.code, 0, 'a call without the token fails');
  t.match(noToken.stdout + noToken.stderr, /Code: Unauthenticated/, 'UNAUTHENTICATED');
  // The last character changed to another: a token that already ends in 0 must not be sent as is.
  const wrong = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
  const wrongToken = run('grpcurl', [...trusted, '-H', `authorization: Bearer ${wrong}`, target, 'list']);
  t.not(wrongToken.code, 0, 'a wrong token fails, reflection included');
  t.match(wrongToken.stdout + wrongToken.stderr, /Unauthenticated/, 'UNAUTHENTICATED');

  // A refused handshake is one grpcurl keeps redialling until its connect timeout: a short one.
  const refused = ['-connect-timeout', '2', '-H', bearer];
  const noCertificate = run('grpcurl', [...refused, '-cacert', tls.caCert, target, 'list']);
  t.not(noCertificate.code, 0, 'a caller without a client certificate is refused');
  t.match(noCertificate.stderr, /Failed to dial target host/, 'at the handshake');
  const stranger = run('grpcurl', [...refused, '-cacert', tls.caCert, '-cert', tls.strangerCert, '-key', tls.strangerKey, target, 'list']);
  t.not(stranger.code, 0, 'a client certificate of another CA is refused');
  t.match(stranger.stderr, /Failed to dial target host/, 'at the handshake');
  const plaintext = run('grpcurl', [...refused, '-plaintext', target, 'list']);
  t.not(plaintext.code, 0, 'plain text is refused');

  // The health port: grpc.health.v1 alone, plain text, no token (what the kubelet's probe can ask).
  const health = ['-plaintext', '-import-path', path.join(ROOT, 'proto'), '-proto', 'grpc/health/v1/health.proto'];
  const checked = run('grpcurl', [...health, '-d', '{"service": "idv.pipeline.v1.Pipeline"}', pipeline.healthAddress!, 'grpc.health.v1.Health/Check']);
  t.equal(checked.code, 0, `the health port answers in plain text without the token: ${checked.stderr}`);
  t.same(JSON.parse(checked.stdout), { status: 'SERVING' }, 'SERVING');
  const notThere = run('grpcurl', [...health, '-proto', 'idv/pipeline/v1/pipeline.proto',
    '-d', '{}', pipeline.healthAddress!, 'idv.pipeline.v1.Pipeline/ReadMrz']);
  t.match(notThere.stdout + notThere.stderr, /Code: Unimplemented/, 'and serves nothing else');
});
