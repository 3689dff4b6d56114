/** The operator CLI's webhooks commands: add (the secret last), refusals by the same rules as HTTP, list, remove. */
import t from 'tap';
import { runCli, testStoreEnv } from './helper.js';

const ACCOUNT = '1c1c1c1c-0000-4000-8000-00000000001c';

const idv = runCli;

t.test('webhooks add prints the secret last; private addresses and http are refused; list and remove', async (t) => {
  const env = await testStoreEnv(t);
  const loopback = await idv(env, 'webhooks', 'add', '--account', ACCOUNT, '--url', 'https://127.0.0.1/hooks');
  t.equal(loopback.code, 2);
  t.match(loopback.stderr, /^idv: BadRequest: url host 127\.0\.0\.1 resolves to a loopback, private, link-local or metadata address\n$/);
  const metadata = await idv(env, 'webhooks', 'add', '--account', ACCOUNT, '--url', 'https://[::ffff:169.254.169.254]/latest');
  t.match(metadata.stderr, /BadRequest: .*metadata address/, 'the cloud metadata address, even inside IPv6');
  const localhost = await idv(env, 'webhooks', 'add', '--account', ACCOUNT, '--url', 'https://localhost:8443/hooks');
  t.match(localhost.stderr, /BadRequest: url host localhost resolves to a loopback/);
  const plain = await idv(env, 'webhooks', 'add', '--account', ACCOUNT, '--url', 'http://hooks.example.com/');
  t.match(plain.stderr, /^idv: BadRequest: url must use https, got http\n$/);
  const events = await idv(env, 'webhooks', 'add', '--account', ACCOUNT, '--url', 'https://10.0.0.1/', '--events', 'request.expired,bogus');
  t.match(events.stderr, /ValidationError: events must be a non-empty array of/);
  t.match((await idv(env, 'webhooks', 'add', '--url', 'https://10.0.0.1/')).stderr, /--account must be a uuid/);

  const allowed = { ...env, IDV_WEBHOOK_ALLOW_PRIVATE: '1' };
  const added = await idv(allowed, 'webhooks', 'add', '--account', ACCOUNT, '--url', 'http://127.0.0.1:9/hooks', '--events', 'request.expired,verification.failed');
  t.equal(added.code, 0, added.stderr);
  const lines = added.stdout.trim().split('\n');
  t.match(lines.at(-1), /^whsec_[A-Za-z0-9_-]{43}$/, 'the last line is the secret');
  const id = lines[0]!.split('\t')[0]!;
  t.match(lines[0], /\thttp:\/\/127\.0\.0\.1:9\/hooks\tverification\.failed,request\.expired$/);
  const listed = await idv(env, 'webhooks', 'list', '--account', ACCOUNT);
  t.ok(listed.stdout.includes(id));
  t.notOk(listed.stdout.includes(lines.at(-1)!), 'the list never shows the secret');
  t.equal((await idv(env, 'webhooks', 'remove', id)).code, 0);
  const again = await idv(env, 'webhooks', 'remove', id);
  t.equal(again.code, 1);
  t.match(again.stderr, /no such webhook endpoint/);
});
