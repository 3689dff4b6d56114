/** The operator CLI's option errors: each names the option and stops with exit code 2. */
import t from 'tap';
import { runCli as idv, testStoreEnv } from './helper.js';

t.test('bad options stop the CLI with a message that names them', async (t) => {
  const env = await testStoreEnv(t);
  const cases: [NodeJS.ProcessEnv, string[], RegExp][] = [
    [{}, ['keys', 'create', '--type', 'bogus'], /^idv: --type must be one of public, secret, private, got "bogus"\n$/],
    [{}, ['keys', 'create'], /^idv: --type must be one of public, secret, private, got nothing\n$/],
    [{}, ['keys', 'create', '--type', 'public', '--account', 'acme'], /^idv: --account must be a uuid, got "acme"\n$/],
    [{}, ['keys', 'create', '--type', 'secret', '--location', 'x'], /^idv: --location applies only to --type private\n$/],
    [{}, ['keys', 'revoke'], /^idv: keys revoke takes exactly one KEY\n$/],
    [{}, ['frobnicate'], /^idv: unknown command frobnicate\nusage:/],
    [{ IDV_REQUEST_TTL_SECONDS: 'abc' }, ['serve'], /^idv: IDV_REQUEST_TTL_SECONDS must be an integer from 1 to \d+, got "abc"\n$/],
    [{}, ['serve', '--port', 'http'], /^idv: --port must be an integer from 0 to 65535, got "http"\n$/],
  ];
  for (const [extra, args, message] of cases) {
    const run = await idv({ ...env, ...extra }, ...args);
    t.equal(run.code, 2, args.join(' '));
    t.match(run.stderr, message);
    t.equal(run.stdout, '');
  }
});
