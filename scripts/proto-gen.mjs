// Generates TypeScript types from proto/ into proto/generated/ (the proto is the source of truth).
// With --check it generates into a temporary folder and fails when proto/generated/ differs,
// so CI catches a proto edited without regenerating its types.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const target = join(root, 'proto/generated');
const check = process.argv.includes('--check');
const out = check ? mkdtempSync(join(tmpdir(), 'idv-proto-')) : target;

if (!check) rmSync(target, { recursive: true, force: true });
execFileSync(process.execPath, [
  join(root, 'node_modules/@grpc/proto-loader/build/bin/proto-loader-gen-types.js'),
  '--longs=String', '--enums=String', '--defaults', '--oneofs', '--grpcLib=@grpc/grpc-js',
  '-I', '.', '-O', out, 'proto/idv/pipeline/v1/pipeline.proto', 'proto/grpc/health/v1/health.proto',
], { stdio: 'inherit', cwd: root }); // relative paths keep the generated comments machine-independent
// The generator writes extensionless relative imports, which only CommonJS resolution accepts;
// these files hold types alone (import type), so marking the folder CommonJS costs nothing at run time.
writeFileSync(join(out, 'package.json'), '{ "type": "commonjs" }\n');

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

if (check) {
  const fresh = files(out).map((p) => relative(out, p)).sort();
  const committed = existsSync(target) ? files(target).map((p) => relative(target, p)).sort() : [];
  const drift = fresh.filter((p) => !committed.includes(p) || readFileSync(join(out, p), 'utf8') !== readFileSync(join(target, p), 'utf8'))
    .concat(committed.filter((p) => !fresh.includes(p)));
  rmSync(out, { recursive: true, force: true });
  if (drift.length > 0) {
    console.error(`proto/generated/ is out of date with proto/ (${drift.join(', ')}): run npm run proto:gen`);
    process.exit(1);
  }
  console.log('proto/generated/ matches proto/');
}
