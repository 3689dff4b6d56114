/**
 * common/api-types.ts (the integrators' TypeScript types) is what openapi-typescript makes of the
 * OpenAPI document as built now: a document changed without `npm run openapi:gen` fails here, as
 * a proto changed without `npm run proto:gen` fails proto:check. The generator runs offline.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

t.test('the committed API types match the OpenAPI document', async (t) => {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/openapi-types.mjs', '--check'], { cwd: ROOT });
  t.equal(stdout.trim(), 'common/api-types.ts matches the OpenAPI document');
});
