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
import { CLI, EXTERNAL_IPV4, NEEDS_EXTERNAL_IPV4, UNKNOWN_REQUEST, httpCall, startServer, testStoreEnv } from './helper.js';
import { assertDocumented, webHeaders } from './openapi-conformance.js';
import { SKIP_OPENSSL } from '../fixtures/tls-material.js';

const external = EXTERNAL_IPV4;

t.test('plain HTTP is served on loopback and refused elsewhere', { skip: NEEDS_EXTERNAL_IPV4 }, async (t) => {
  const server = await startServer(t, { args: ['--host', '0.0.0.0'] });
  const port = new URL(server.url).port;
  const key = server.keys.secretA;
  const loopback = await httpCall(`http://127.0.0.1:${port}`, 'GET', UNKNOWN_REQUEST, { key });
  t.equal(loopback.status, 404);
  const outside = await httpCall(`http://${external}:${port}`, 'GET', UNKNOWN_REQUEST, { key });
  t.equal(outside.status, 403);
  t.equal(outside.body.code, 'HttpsRequired');
  const forged = await httpCall(`http://${external}:${port}`, 'GET', UNKNOWN_REQUEST, { key, headers: { 'x-forwarded-proto': 'https' } });
  t.equal(forged.status, 403, 'X-Forwarded-Proto means nothing without IDV_TRUSTED_PROXY');
  t.equal(forged.body.code, 'HttpsRequired');
  const probe = await httpCall(`http://${external}:${port}`, 'GET', '/health');
  t.equal(probe.status, 200, 'probes carry no keys or personal data: plain HTTP from anywhere');
});

t.test('behind a trusted proxy, X-Forwarded-Proto decides', { skip: NEEDS_EXTERNAL_IPV4 }, async (t) => {
  const server = await startServer(t, { args: ['--host', '0.0.0.0'], env: { IDV_TRUSTED_PROXY: '1' } });
  const base = `http://${external}:${new URL(server.url).port}`;
  const key = server.keys.secretA;
  t.equal((await httpCall(base, 'GET', UNKNOWN_REQUEST, { key, headers: { 'x-forwarded-proto': 'https' } })).status, 404);
  const http = await httpCall(base, 'GET', UNKNOWN_REQUEST, { key, headers: { 'x-forwarded-proto': 'http' } });
  t.equal(http.status, 403);
  t.equal(http.body.code, 'HttpsRequired');
  t.equal((await httpCall(base, 'GET', UNKNOWN_REQUEST, { key })).status, 403, 'no header from a non-loopback peer');
  t.equal((await httpCall(base, 'GET', '/health')).status, 200, 'an orchestrator probing the pod directly is answered');
});

t.test('serve terminates TLS with --tls-cert and --tls-key', { skip: SKIP_OPENSSL }, async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idv-tls-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
  const server = await startServer(t, { args: ['--host', '0.0.0.0', '--tls-cert', cert, '--tls-key', key] });
  t.match(server.url, /^https:\/\//);
  const host = external ?? '127.0.0.1';
  const answer = await new Promise<{ status: number; hsts: string | undefined }>((resolve, reject) => {
    https.get({ host, port: new URL(server.url).port, path: '/health', rejectUnauthorized: false }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => { text += chunk.toString(); });
      response.on('end', () => {
        try {
          const headers = webHeaders(response.headers);
          assertDocumented({ method: 'GET', url: '/health', status: response.statusCode!, headers, text });
          resolve({ status: response.statusCode!, hsts: response.headers['strict-transport-security'] });
        } catch (error) {
          reject(error);
        }
      });
    }).on('error', reject);
  });
  t.equal(answer.status, 200, 'HTTPS is accepted from any interface');
  t.equal(answer.hsts, 'max-age=31536000', 'HTTPS answers carry HSTS');
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
