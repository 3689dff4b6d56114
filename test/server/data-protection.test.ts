/**
 * Personal data protection through the real service: after a verification through the real
 * pipeline, none of the document's fields nor the uploaded images' bytes are in the store's files
 * (the SQLite file and its journal, or the MongoDB-wire server's data folder); erasure answers
 * 410 afterwards; reads and erasures land in the audit trail that `idv audit` prints; a master
 * key rotation through the CLI while the server runs; a wrong key refused at start.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { licenceBody, licenceFields, pngImage } from './fixtures.js';
import { ACCOUNT_A, NEEDS_SHARED_DATA, runCli, startServer } from './helper.js';

/** Every file under `dir`, concatenated (a store's files: database, journal, WAL, shared memory). */
function filesUnder(dir: string): Buffer {
  const parts: Buffer[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && statSync(file).size > 0) parts.push(readFileSync(file));
  }
  return Buffer.concat(parts);
}

/** Where the store's bytes lie: the data folder, or FerretDB's (.ci/ferretdb.sh) for a MongoDB run. */
function storeFolder(env: NodeJS.ProcessEnv): string {
  if (env.IDV_MONGODB_URI === undefined) return env.IDV_DATA_DIR!;
  return process.env.IDV_FERRETDB_RUN_DIR ?? path.join(process.env.TMPDIR ?? os.tmpdir(), `idv-ferretdb-${process.getuid!()}`, 'data');
}

t.test('personal data protection through the real service', { skip: NEEDS_SHARED_DATA }, async (t) => {
  const server = await startServer(t);
  const { keys } = server;
  const body = await licenceBody({ backOrSecondImageBase64: (await pngImage()).toString('base64') });
  const created = await server.call('POST', '/api/Request', { key: keys.publicA, json: body });
  t.equal(created.status, 201);
  const id = created.body.requestId as string;
  const verified = await server.call('POST', `/api/Verify/${id}`, { key: keys.secretA });
  t.equal(verified.status, 200, 'the licence is verified');
  const fields = await licenceFields();

  t.test('no personal field and no image bytes are in the store\'s files', async (t) => {
    const bytes = filesUnder(storeFolder(server.env));
    t.ok(bytes.length > 0, 'the store has files to search');
    const values = Object.entries(fields).filter(([, value]) => typeof value === 'string' && value.length >= 5) as [string, string][];
    t.ok(values.some(([name]) => name === 'address'), 'the address is among the values searched');
    for (const [name, value] of values) t.notOk(bytes.includes(Buffer.from(value)), `${name} (${value}) is not in clear`);
    const images = [body.frontImageBase64, body.backOrSecondImageBase64].map((b64) => Buffer.from(b64 as string, 'base64'));
    t.notOk(bytes.includes(images[0]!.subarray(0, 16)), 'no JPEG header of the front');
    t.notOk(bytes.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'no PNG magic');
    t.notOk(bytes.includes(Buffer.from(body.trackString as string)), 'no trackString');
  });

  t.test('reads are recorded; DELETE erases; every later read answers 410 Erased', async (t) => {
    t.equal((await server.call('GET', `/api/Request/${id}/content`, { key: keys.secretA })).status, 200);
    t.equal((await server.call('GET', `/api/Request/${id}/result`, { key: keys.secretA })).status, 200);
    t.equal((await server.call('DELETE', `/api/Request/${id}`, { key: keys.secretB })).status, 404, 'another account\'s key finds nothing');
    t.equal((await server.call('DELETE', `/api/Request/${id}`, { key: keys.publicA })).status, 403, 'a public key may not erase');
    t.equal((await server.call('DELETE', `/api/Request/${id}`, { key: keys.secretA })).status, 204);
    for (const [method, pathname] of [['GET', `/api/Request/${id}`], ['GET', `/api/Request/${id}/content`], ['GET', `/api/Request/${id}/result`],
      ['POST', `/api/Verify/${id}`], ['DELETE', `/api/Request/${id}`]] as const) {
      const answer = await server.call(method, pathname, { key: keys.secretA });
      t.equal(answer.status, 410, `${method} ${pathname}: 410`);
      t.match(answer.body, { code: 'Erased', message: /^The request was erased/ });
    }
    const audit = await runCli(server.env, 'audit', '--account', ACCOUNT_A);
    t.equal(audit.code, 0, audit.stderr);
    const entries = audit.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, string>);
    t.match(entries.map((e) => e.action), ['content.read', 'result.read', 'request.erase']);
    t.match(entries[0], { account: ACCOUNT_A, keyPrefix: keys.secretA.slice(0, 7), keyType: 'secret', requestId: id, traceId: /\S/, time: /Z$/ });
    const later = await runCli(server.env, 'audit', '--account', ACCOUNT_A, '--since', '2999-01-01');
    t.equal(later.stdout, '', '--since leaves out what came before');
    const bad = await runCli(server.env, 'audit', '--account', ACCOUNT_A, '--since', 'yesterday');
    t.equal(bad.code, 2);
    t.match(bad.stderr, /--since must be an ISO 8601 date or time/);
  });

  t.test('an onboarding invitation is erased through the dashboard interface', async (t) => {
    const invitation = await server.call('POST', '/api/PublicOnboarding/Requests', {
      key: keys.privateA, json: { location: 'north', firstName: 'Ada', lastName: 'Quartermaine', metadata: { case: '7' } },
    });
    const invitationId = invitation.body.validationRequestId as string;
    t.equal((await server.call('DELETE', `/api/PublicOnboarding/Requests/${invitationId}`, { key: keys.privateB })).status, 404);
    t.equal((await server.call('DELETE', `/api/PublicOnboarding/Requests/${invitationId}`, { key: keys.privateA })).status, 204);
    t.equal((await server.call('GET', `/api/PublicOnboarding/Requests/${invitationId}`, { key: keys.privateA })).status, 410);
    const listed = await server.call('GET', '/api/PublicOnboarding/Requests?metadata[case]=7', { key: keys.privateA });
    t.same(listed.body, [], 'it leaves the list');
  });

  t.test('the master key rotates through the CLI while the server runs', async (t) => {
    const again = await server.call('POST', '/api/Request', { key: keys.publicA, json: body });
    const keyFile = path.join(server.env.IDV_DATA_DIR!, 'next.key');
    writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600 });
    const rotated = await runCli(server.env, 'data-key', 'rotate', '--new-key-file', keyFile);
    t.equal(rotated.code, 0, rotated.stderr);
    t.match(JSON.parse(rotated.stdout), { resumed: false, rewrapped: Number });
    const content = await server.call('GET', `/api/Request/${again.body.requestId}/content`, { key: keys.secretA });
    t.equal(content.body.frontImageBase64, body.frontImageBase64, 'the running server reads a re-wrapped record');
    if (server.env.IDV_MONGODB_URI === undefined) {
      t.equal(readFileSync(path.join(server.env.IDV_DATA_DIR!, 'data.key'), 'utf8').trim(), readFileSync(keyFile, 'utf8').trim(),
        'the data folder\'s key file holds the new key');
    }
    const wrong = await runCli({ ...server.env, IDV_DATA_KEY: randomBytes(32).toString('base64') }, 'keys', 'list');
    t.equal(wrong.code, 2, 'a wrong key stops the command');
    t.match(wrong.stderr, /^idv: the master key from IDV_DATA_KEY \(id [0-9a-f]{16}\) does not open this store/);
    t.equal(wrong.stdout, '', 'and prints nothing else');
  });
});
