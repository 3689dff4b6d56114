/**
 * Two sweepers at once on one store — two front doors sharing it, or an old and a new one during
 * a rolling restart — each in its own process, started at the same moment. Every overdue request
 * is expired and every image past retention deleted exactly once between them (their counts add
 * up to the number of such requests, none counted twice), the final states are right, and what
 * neither should touch keeps its images.
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { RequestStatus } from '../../common/document.js';
import { loadConfig } from '../../server/config.js';
import { openStore } from '../../server/store/index.js';
import type { VerificationRequestRecord } from '../../server/store/store.js';
import { testStoreEnv } from '../server/helper.js';
import { requestRecord } from '../store/records.js';

const CHILD = fileURLToPath(new URL('./sweep-child.js', import.meta.url));
const DAY = 86_400_000;
const OVERDUE = 60;
const OLD_FINISHED = 60;

t.test('two sweepers at once: each overdue request expired once, each old image deleted once', async (t) => {
  const env = await testStoreEnv(t);
  const store = await openStore(loadConfig(env));
  t.teardown(() => store.close());
  const now = Date.now();
  const ago = (ms: number): Date => new Date(now - ms);
  const made = (count: number, overrides: () => Partial<VerificationRequestRecord>): VerificationRequestRecord[] =>
    Array.from({ length: count }, () => requestRecord({ accountId: 'account-a', ...overrides() }));

  const overdue = made(OVERDUE, () => ({ created: ago(2 * DAY), expiresAt: ago(DAY) }));
  const oldFinished = made(OLD_FINISHED, () => ({ created: ago(40 * DAY), expiresAt: ago(39 * DAY), finishedAt: ago(35 * DAY) }))
    .map((record, i) => (i % 2 === 0
      ? { ...record, status: RequestStatus.Success, result: { requestId: record.id, verdict: 'kept' } }
      : { ...record, status: RequestStatus.Failed, failureCode: 'PDF417Error', failureMessage: 'Data cannot be captured from the back.' }));
  const fresh = made(5, () => ({ created: ago(1000), expiresAt: new Date(now + DAY) }));
  const recent = made(5, () => ({ status: RequestStatus.Success, result: { verdict: 'recent' }, created: ago(2 * DAY), expiresAt: ago(DAY), finishedAt: ago(DAY) }));
  for (const record of [...overdue, ...oldFinished, ...fresh, ...recent]) await store.insertRequest(record);

  const startAt = Date.now() + 2_000;
  const run = promisify(execFile);
  const sweeps = await Promise.all([0, 1].map(() =>
    run(process.execPath, [CHILD, String(startAt), String(30 * DAY)], { env: { ...process.env, ...env }, timeout: 60_000 })));
  const passes = sweeps.map(({ stdout }) => JSON.parse(stdout) as { expired: number; purged: number });
  t.equal(passes[0]!.expired + passes[1]!.expired, OVERDUE, `expired once between them: ${JSON.stringify(passes)}`);
  t.equal(passes[0]!.purged + passes[1]!.purged, OLD_FINISHED, 'old images deleted once between them');

  const gone = { frontImage: null, backImage: null, faceImage: null };
  const wrong: string[] = [];
  for (const { id } of overdue) {
    const record = await store.getRequest(id);
    if (record?.status !== RequestStatus.Expired || !record.imagesDeleted || record.finishedAt === null) wrong.push(`overdue ${id}: ${record?.status}`);
    else if (JSON.stringify(record.content) !== JSON.stringify({ ...record.content, ...gone })) wrong.push(`overdue ${id} kept images`);
  }
  for (const original of oldFinished) {
    const record = await store.getRequest(original.id);
    if (record?.status !== original.status || !record.imagesDeleted) wrong.push(`old ${original.id}: ${record?.status}`);
    else if (JSON.stringify(record.content) !== JSON.stringify({ ...record.content, ...gone })) wrong.push(`old ${original.id} kept images`);
    else if (JSON.stringify(record.result) !== JSON.stringify(original.result) || record.failureCode !== original.failureCode) wrong.push(`old ${original.id} lost its outcome`);
  }
  for (const original of [...fresh, ...recent]) {
    const record = await store.getRequest(original.id);
    if (record?.status !== original.status || !record.content.frontImage?.equals(original.content.frontImage!)) wrong.push(`untouched ${original.id} changed`);
  }
  t.same(wrong, [], 'overdue requests Expired without images; old finished ones keep state and outcome without images; the rest untouched');
});
