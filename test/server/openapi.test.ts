/**
 * The OpenAPI document: served without a key, 3.1 with the four webhook events, and listing
 * exactly the routes the router has (method and path) with every error code used somewhere.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { ERROR_CODES } from '../../common/errors.js';
import { buildApp } from '../../server/app.js';
import { DEFAULTS } from '../../server/config.js';
import { createPipelineClient } from '../../server/pipeline-client.js';
import { OPENAPI_DOCUMENT } from '../../server/openapi/document.js';
import { openStore } from '../../server/store/index.js';
import { NO_PIPELINE, startServer } from './helper.js';

t.test('GET /openapi.json answers the 3.1 document without a key', async (t) => {
  const server = await startServer(t, { args: NO_PIPELINE });
  const answer = await server.call('GET', '/openapi.json');
  t.equal(answer.status, 200);
  t.match(answer.headers.get('content-type'), /^application\/json/);
  t.equal(answer.body.openapi, '3.1.0');
  t.same(Object.keys(answer.body.webhooks), ['verification.completed', 'verification.failed', 'request.expired', 'onboarding.completed']);
  t.same(Object.keys(answer.body.components.securitySchemes), ['publicKey', 'secretKey', 'privateKey']);
  t.same(answer.body, JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)), 'the document as built');
});

t.test('the document lists exactly the router\'s routes, and every error code', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idv-openapi-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await openStore({ dataDir: dir });
  t.teardown(() => store.close());
  const pipeline = createPipelineClient('127.0.0.1:1', 1000);
  t.teardown(() => pipeline.close());
  const app = buildApp({
    store, pipeline, log: () => undefined,
    config: { ...DEFAULTS, devMode: false, trustedProxy: false, webhookAllowPrivate: false },
  });
  const routed = new Set<string>();
  for (const middleware of app.middleware as unknown as { router?: { stack: { path: string; methods: string[] }[] } }[]) {
    for (const layer of middleware.router?.stack ?? []) {
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
        routed.add(`${method} ${layer.path.replace(/:(\w+)/g, '{$1}')}`);
      }
    }
  }
  const documented = new Set(Object.entries(OPENAPI_DOCUMENT.paths)
    .flatMap(([pathname, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${pathname}`)));
  t.same([...routed].sort(), [...documented].sort(), 'the same method and path pairs');
  const used = new Set(Object.values(OPENAPI_DOCUMENT.paths).flatMap((operations) => Object.values(operations))
    .flatMap((op: any) => Object.values(op.responses).flatMap((r: any) => r['x-error-codes'] ?? [])));
  t.same(Object.keys(ERROR_CODES).filter((code) => !used.has(code)), [], 'every error code is documented on some operation');
});
