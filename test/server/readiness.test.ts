/**
 * checkReadiness with real parts: a real pipeline child (its gRPC health service) and a real
 * SQLite store, each taken away in turn. The store case is here because a store cannot be made
 * to stop answering from outside the server process.
 */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPipelineClient } from '../../server/pipeline-client.js';
import { startPipelineProcess } from '../../server/pipeline-process.js';
import { checkReadiness } from '../../server/readiness.js';
import { openStore } from '../../server/store/index.js';

t.test('ready only while the pipeline serves and the store answers', async (t) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'idv-ready-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  process.env.IDV_PIPELINE_THREADS = '1';
  const pipelineProcess = await startPipelineProcess();
  t.teardown(() => pipelineProcess.stop());
  const pipeline = createPipelineClient(pipelineProcess.address, 10_000);
  t.teardown(() => pipeline.close());
  const store = await openStore({ dataDir });

  t.same(await checkReadiness(store, pipeline), { ready: true, pipeline: 'SERVING', store: 'ok' });

  await store.close();
  t.same(await checkReadiness(store, pipeline), { ready: false, pipeline: 'SERVING', store: 'unavailable' }, 'a closed store');

  const reopened = await openStore({ dataDir });
  t.teardown(() => reopened.close());
  t.same(await checkReadiness(reopened, pipeline), { ready: true, pipeline: 'SERVING', store: 'ok' }, 'back without a restart');

  await pipelineProcess.stop();
  const stopped = await checkReadiness(reopened, pipeline);
  t.equal(stopped.ready, false, 'a stopped pipeline');
  t.equal(stopped.pipeline, 'UNAVAILABLE');
  t.equal(stopped.store, 'ok');
});
