// Generates common/api-types.ts, the TypeScript types of the HTTP API for integrators, from the
// OpenAPI document the server serves (server/openapi/document.ts, read from its build in dist/, so
// run `npm run build` first) with openapi-typescript. The document is the source of truth, as the
// proto is for the pipeline's types.
// With --check it generates in memory and fails when common/api-types.ts differs, so a document
// changed without regenerating the types fails `npm test` (pretest) and test/server/openapi-types.test.
// No network: the document is an object in memory and has no external $ref.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = new URL('..', import.meta.url).pathname;
const target = join(root, 'common/api-types.ts');
const built = join(root, 'dist/server/openapi/document.js');
const check = process.argv.includes('--check');

if (!existsSync(built)) {
  console.error(`${built} is missing: run npm run build first`);
  process.exit(1);
}
const { OPENAPI_DOCUMENT } = await import(pathToFileURL(built).href);
// A copy as served (JSON): openapi-typescript must not see the frozen object or non-JSON values.
const ast = await openapiTS(JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)), { silent: true, rootTypes: false });
const header = [
  '/**',
  ' * The HTTP API\'s types for integrators, generated from GET /openapi.json (server/openapi/) by',
  ' * openapi-typescript: do not edit. Regenerate with `npm run build && npm run openapi:gen`;',
  ' * `npm run openapi:check` (in pretest) fails when this file is out of date with the document.',
  ' */',
  '',
].join('\n');
const fresh = header + astToString(ast);

if (check) {
  const committed = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (committed !== fresh) {
    console.error('common/api-types.ts is out of date with the OpenAPI document (server/openapi/): run npm run build && npm run openapi:gen');
    process.exit(1);
  }
  console.log('common/api-types.ts matches the OpenAPI document');
} else {
  writeFileSync(target, fresh);
  console.log(`wrote ${target}`);
}
