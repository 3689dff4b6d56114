/**
 * decisions.md, Transport: plain HTTP only on loopback or from a trusted proxy saying https;
 * otherwise 403 HttpsRequired. `serve --tls-cert/--tls-key` terminates TLS itself.
 */
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { CLI, httpCall, startServer, testStoreEnv } from './helper.js';

/** A non-loopback IPv4 address of this machine, or undefined. */
const external = Object.values(os.networkInterfaces()).flat()
  .find((info) => info !== undefined && info.family === 'IPv4' && !info.internal)?.address;
const NO_EXTERNAL = external === undefined ? 'no non-loopback IPv4 interface on this machine' : false;

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

t.test('plain HTTP is served on loopback and refused elsewhere', { skip: NO_EXTERNAL }, async (t) => {
  const server = await startServer(t, { args: ['--host', '0.0.0.0'] });
  const port = new URL(server.url).port;
  const loopback = await httpCall(`http://127.0.0.1:${port}`, 'GET', '/health');
  t.equal(loopback.status, 200);
  const outside = await httpCall(`http://${external}:${port}`, 'GET', `/api/Request/8c7e2a4e-1111-4222-8333-944444444444`, { key: server.keys.secretA });
  t.equal(outside.status, 403);
  t.equal(outside.body.code, 'HttpsRequired');
  const forged = await httpCall(`http://${external}:${port}`, 'GET', '/health', { headers: { 'x-forwarded-proto': 'https' } });
  t.equal(forged.status, 403, 'X-Forwarded-Proto means nothing without IDV_TRUSTED_PROXY');
});

t.test('behind a trusted proxy, X-Forwarded-Proto decides', { skip: NO_EXTERNAL }, async (t) => {
  const server = await startServer(t, { args: ['--host', '0.0.0.0'], env: { IDV_TRUSTED_PROXY: '1' } });
  const base = `http://${external}:${new URL(server.url).port}`;
  t.equal((await httpCall(base, 'GET', '/health', { headers: { 'x-forwarded-proto': 'https' } })).status, 200);
  const http = await httpCall(base, 'GET', '/health', { headers: { 'x-forwarded-proto': 'http' } });
  t.equal(http.status, 403);
  t.equal(http.body.code, 'HttpsRequired');
  t.equal((await httpCall(base, 'GET', '/health')).status, 403, 'no header from a non-loopback peer');
});

t.test('serve terminates TLS with --tls-cert and --tls-key', { skip: hasOpenssl() ? false : 'openssl not found' }, async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idv-tls-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
  const server = await startServer(t, { args: ['--host', '0.0.0.0', '--tls-cert', cert, '--tls-key', key] });
  t.match(server.url, /^https:\/\//);
  const host = external ?? '127.0.0.1';
  const status = await new Promise<number>((resolve, reject) => {
    https.get({ host, port: new URL(server.url).port, path: '/health', rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    }).on('error', reject);
  });
  t.equal(status, 200, 'HTTPS is accepted from any interface');
});

t.test('an unreadable TLS file stops serve with a message naming the option', async (t) => {
  const env = await testStoreEnv(t);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idv-tls-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'key.pem'), 'x');
  const child = fork(CLI, ['serve', '--port', '0', '--tls-cert', path.join(dir, 'missing.pem'), '--tls-key', path.join(dir, 'key.pem')], {
    env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: [],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  t.equal(code, 2);
  t.match(stderr, /^idv: --tls-cert cannot be read: /);
});
