/**
 * The MongoDB server goes away while the front door runs (killed, as a crashed or partitioned
 * server would be) and comes back on the same address with its data. While it is away the calls
 * that need the store answer 503 ServiceUnavailable with Retry-After, within the driver's server
 * selection time, and write nothing; once it is back the same front door process serves again
 * without a restart, and the store holds exactly what was acknowledged.
 *
 * The server is a FerretDB process of this test's own (the MongoDB-wire server CI builds with
 * .ci/ferretdb.sh build), so that it can be killed and started again on the same port and data.
 */
import t from 'tap';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jpegImage } from '../server/fixtures.js';
import { NO_PIPELINE, startServer } from '../server/helper.js';
import { storedCounts } from '../hostile/harness.js';

/** The binary CI builds, where .ci/ferretdb.sh keeps it (its version and cache folder rule). */
const FERRETDB = execFileSync('bash', [fileURLToPath(new URL('../../../.ci/ferretdb.sh', import.meta.url)), 'bin'], { encoding: 'utf8' }).trim();
const ONBOARDING = '/api/PublicOnboarding/Requests';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    }).on('error', reject);
  });
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true); });
    socket.on('error', () => resolve(false));
  });
}

/** FerretDB on `port` over the SQLite files in `dir`, once it accepts connections. */
async function startFerret(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(FERRETDB, [
    '--handler=sqlite', `--sqlite-url=file:${dir}/data/`, `--state-dir=${dir}`, `--listen-addr=127.0.0.1:${port}`,
    '--debug-addr=-', '--telemetry=disable', '--log-level=error',
  ], { stdio: 'ignore' });
  for (let i = 0; i < 300; i++) {
    if (await accepting(port)) return child;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`FerretDB did not start on port ${port}`);
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

t.test('a MongoDB server that goes away answers 503 while away and serves again when back, without a restart', {
  skip: existsSync(FERRETDB) ? false : `FerretDB not built at ${FERRETDB} (bash .ci/ferretdb.sh build)`,
}, async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idv-mongo-away-'));
  await mkdir(path.join(dir, 'data'));
  const port = await freePort();
  let ferret = await startFerret(port, dir);
  t.teardown(async () => {
    await kill(ferret);
    await rm(dir, { recursive: true, force: true });
  });
  const server = await startServer(t, { args: NO_PIPELINE, env: { IDV_MONGODB_URI: `mongodb://127.0.0.1:${port}/idv_away` } });
  const { keys } = server;
  const pid = server.pid();
  const body = { documentType: 2, frontImageBase64: (await jpegImage(64, 48)).toString('base64') };

  const before = await server.call('POST', '/api/Request', { key: keys.publicA, json: body });
  t.equal(before.status, 201, 'a request acknowledged before the outage');
  const id: string = before.body.requestId;

  await kill(ferret);
  const started = performance.now();
  const whileAway = {
    'POST /api/Request': await server.call('POST', '/api/Request', { key: keys.publicA, json: body }),
    'GET /api/Request/{id}': await server.call('GET', `/api/Request/${id}`, { key: keys.publicA }),
    'POST onboarding': await server.call('POST', ONBOARDING, { key: keys.privateA, json: { location: 'north' } }),
  };
  const perCall = (performance.now() - started) / Object.keys(whileAway).length;
  for (const [call, answer] of Object.entries(whileAway)) {
    t.equal(answer.status, 503, `${call}: 503 while the server is away`);
    t.equal(answer.body.code, 'ServiceUnavailable', call);
    t.ok(answer.headers.get('retry-after'), `${call}: Retry-After`);
    t.notMatch(JSON.stringify(answer.body), String(port), `${call}: no address of the database in the answer`);
  }
  t.ok(perCall < 15_000, `answered within the server selection time, not the driver's 30 s (${Math.round(perCall)} ms a call)`);
  t.equal((await server.call('GET', '/health')).status, 200, 'liveness does not depend on the store');
  t.equal((await server.call('GET', '/ready')).status, 503, 'readiness does');

  ferret = await startFerret(port, dir);

  let status = await server.call('GET', `/api/Request/${id}`, { key: keys.publicA });
  for (let i = 0; i < 20 && status.status === 503; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = await server.call('GET', `/api/Request/${id}`, { key: keys.publicA });
  }
  t.same(status.body, { requestId: id, status: 0, statusName: 'Pending', documentType: 2 }, 'the request from before is there, still Pending');
  const after = await server.call('POST', '/api/Request', { key: keys.publicA, json: body });
  t.equal(after.status, 201, 'new requests are stored again');
  t.equal(server.pid(), pid, 'the same front door process throughout');
  t.same(await storedCounts(server), { requests: 2, invitations: 0 }, 'the store holds the two acknowledged requests and nothing of the refused calls');
});
