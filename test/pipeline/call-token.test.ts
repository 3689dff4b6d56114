/**
 * The pipeline's token check (pipeline/call-token.ts): the comparison itself, and the interceptor
 * on a real gRPC server, where a call with no token or a wrong one ends UNAUTHENTICATED before
 * its handler runs and the right one goes through. The health port asks for nothing.
 */
import * as grpc from '@grpc/grpc-js';
import t from 'tap';
import { carriesToken, tokenInterceptor } from '../../pipeline/call-token.js';
import { HealthService } from '../../pipeline/health.js';
import { healthProto } from '../../pipeline/proto.js';

const TOKEN = 'a-shared-token-of-some-length';

const metadataWith = (...values: string[]): grpc.Metadata => {
  const metadata = new grpc.Metadata();
  for (const value of values) metadata.add('authorization', value);
  return metadata;
};

t.test('carriesToken accepts exactly `Bearer <token>`', async (t) => {
  t.equal(carriesToken(metadataWith(`Bearer ${TOKEN}`), TOKEN), true, 'the right token');
  t.equal(carriesToken(new grpc.Metadata(), TOKEN), false, 'no header');
  t.equal(carriesToken(metadataWith(`Bearer ${TOKEN}x`), TOKEN), false, 'a longer one');
  t.equal(carriesToken(metadataWith(`Bearer ${TOKEN.slice(0, -1)}`), TOKEN), false, 'a shorter one');
  t.equal(carriesToken(metadataWith(TOKEN), TOKEN), false, 'without the Bearer scheme');
  t.equal(carriesToken(metadataWith('Bearer '), TOKEN), false, 'an empty one');
  t.equal(carriesToken(metadataWith(`Bearer ${TOKEN}`, 'Bearer other'), TOKEN), false, 'two headers');
});

t.test('the interceptor refuses calls without the right token, UNAUTHENTICATED', async (t) => {
  const server = new grpc.Server({ interceptors: [tokenInterceptor(TOKEN)] });
  new HealthService().addToServer(server);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound)));
  });
  t.teardown(() => server.forceShutdown());
  const { Health } = healthProto().grpc.health.v1;
  const client = new Health(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  t.teardown(() => client.close());
  const check = (metadata: grpc.Metadata): Promise<{ code: grpc.status; details: string; status?: string }> =>
    new Promise((resolve) => {
      client.check({ service: '' }, metadata, (error, response) => {
        resolve(error ? { code: error.code, details: error.details } : { code: grpc.status.OK, details: '', status: String(response?.status) });
      });
    });
  const right = await check(metadataWith(`Bearer ${TOKEN}`));
  t.same(right, { code: grpc.status.OK, details: '', status: 'SERVING' }, 'the right token: answered');
  const missing = await check(new grpc.Metadata());
  t.equal(missing.code, grpc.status.UNAUTHENTICATED, 'no token: UNAUTHENTICATED');
  t.equal(missing.details, 'the pipeline needs its token: authorization: Bearer <IDV_PIPELINE_TOKEN>', 'saying what is missing');
  t.equal((await check(metadataWith('Bearer not-the-token-at-all'))).code, grpc.status.UNAUTHENTICATED, 'a wrong token: UNAUTHENTICATED');
});
