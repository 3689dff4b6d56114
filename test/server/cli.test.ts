/**
 * The operator CLI: keys create/list/revoke (its option errors: cli-options.test.ts; keys against a
 * running server: cli-serve.test.ts; split to stay under 30 s).
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runCli, testStoreEnv } from './helper.js';

const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ACCOUNT = '1c1c1c1c-0000-4000-8000-00000000001c';

const idv = runCli;

t.test('keys create prints only the key; list shows hints; revoke ends it', async (t) => {
  const env = await testStoreEnv(t);
  const secret = await idv(env, 'keys', 'create', '--type', 'secret', '--account', ACCOUNT);
  t.equal(secret.code, 0);
  t.match(secret.stdout, /^sk_[A-Za-z0-9_-]{43}\n$/, 'one line: the key');
  const publicKey = await idv(env, 'keys', 'create', '--type', 'public', '--account', ACCOUNT);
  t.match(publicKey.stdout, /^pk_[A-Za-z0-9_-]{43}\n$/);
  const dashboard = await idv(env, 'keys', 'create', '--type', 'private', '--account', ACCOUNT, '--location', 'north', '--location', 'south');
  t.match(dashboard.stdout, /^prk_[A-Za-z0-9_-]{43}\n$/);
  const [sk, pk, prk] = [secret, publicKey, dashboard].map((run) => run.stdout.trim()) as [string, string, string];

  const listed = await idv(env, 'keys', 'list');
  t.equal(listed.code, 0);
  for (const key of [sk, pk, prk]) {
    t.notOk(listed.stdout.includes(key), 'the list never shows a key');
    t.ok(listed.stdout.includes(key.slice(0, key.indexOf('_') + 5)), 'but shows its hint');
  }
  t.match(listed.stdout, /private\t1c1c1c1c-0000-4000-8000-00000000001c\tnorth,south\t/);

  const revoked = await idv(env, 'keys', 'revoke', pk);
  t.equal(revoked.code, 0);
  t.match(await idv(env, 'keys', 'list').then((r) => r.stdout), /public\t1c1c1c1c[^\n]*\trevoked /);
  const unknown = await idv(env, 'keys', 'revoke', `pk_${'Z'.repeat(43)}`);
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, /no such key/);
});

t.test('npm run -s idv -- keys create works from the project root', async (t) => {
  const env = await testStoreEnv(t);
  const { stdout } = await exec('npm', ['run', '-s', 'idv', '--', 'keys', 'create', '--type', 'public'], { cwd: ROOT, env: { ...process.env, ...env } });
  t.match(stdout, /^pk_[A-Za-z0-9_-]{43}\n$/);
});
