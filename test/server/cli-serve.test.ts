/** The operator CLI's keys against a running server: they take effect at once (split from cli.test.ts to stay under 30 s). */
import t from 'tap';
import { httpCall, runCli as idv, spawnServe, testStoreEnv } from './helper.js';

const ACCOUNT = '1c1c1c1c-0000-4000-8000-00000000001c';

t.test('a revoked key is unknown to the server; a key created or revoked while it serves takes effect at once', async (t) => {
  const env = await testStoreEnv(t);
  const create = async (type: string): Promise<string> => (await idv(env, 'keys', 'create', '--type', type, '--account', ACCOUNT)).stdout.trim();
  const sk = await create('secret');
  const pk = await create('public');
  t.equal((await idv(env, 'keys', 'revoke', pk)).code, 0);

  const server = await spawnServe(env);
  t.teardown(() => { server.child.kill('SIGTERM'); });
  const missing = '/api/Request/8c7e2a4e-1111-4222-8333-944444444444';
  t.equal((await httpCall(server.url, 'GET', missing, { key: pk })).status, 401, 'a revoked key is unknown');
  t.equal((await httpCall(server.url, 'GET', missing, { key: sk })).status, 404, 'a live key is admitted');

  const fresh = await create('secret');
  t.equal((await httpCall(server.url, 'GET', missing, { key: fresh })).status, 404, 'a key created while serving is admitted');
  t.equal((await idv(env, 'keys', 'revoke', sk)).code, 0);
  t.equal((await httpCall(server.url, 'GET', missing, { key: sk })).status, 401, 'a key revoked while serving is refused');
});
