/**
 * The image's final stage, laid out without a container builder (layout.ts): both commands start
 * from its files and pass the HEALTHCHECK (and fail it once stopped), a licence is verified
 * through them, and starting and serving write nothing under /app: the models are found prepared,
 * so the root filesystem may be read-only. image-reads.test.ts reads every model and data file
 * through such a layout; image-files.test.ts checks from the code that the stage copies them.
 */
import t from 'tap';
import { licenceBody } from '../server/fixtures.js';
import { httpCall } from '../server/helper.js';
import { healthcheck, prepareLayout, snapshot, startDoor, startPipeline, stopped } from './layout.js';

t.test('the final stage\'s files run both commands, pass the health check and write nothing', async (t) => {
  const layout = await prepareLayout(t);
  const { app, env } = layout;
  t.match(layout.prepared, /ocr\/.*(made|up-to-date)/, 'the models are prepared into the layout\'s cache');
  const before = snapshot(app);

  const pipeline = await startPipeline(t, layout);
  t.same(await healthcheck(app, env, pipeline.child.pid!), { code: 0, said: 'healthy: pipeline SERVING' }, 'idv pipeline passes the HEALTHCHECK');

  const door = await startDoor(t, layout, pipeline);
  t.same(await healthcheck(app, door.env, door.child.pid!), { code: 0, said: 'healthy: front door /health 200' }, 'idv serve passes the HEALTHCHECK');
  t.equal((await httpCall(door.url, 'GET', '/ready')).status, 200, 'the front door is ready: its pipeline serves');
  const verified = await httpCall(door.url, 'POST', '/api/Verify', { key: door.secret, json: await licenceBody() });
  t.equal(verified.status, 200, `a licence is verified through the image's files (${verified.body?.code ?? 'ok'})`);

  const after = snapshot(app);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file));
  t.same(changed, [], 'nothing under /app was written: a read-only root filesystem will do');

  await stopped(door.child);
  const gone = await healthcheck(app, door.env, door.child.pid!);
  t.equal(gone.code, 1, `a stopped process fails the HEALTHCHECK (${gone.said})`);
  await stopped(pipeline.child);
  const self = await healthcheck(app, env, process.pid);
  t.equal(self.code, 1, 'and so does a process that is neither command');
  t.match(self.said, /neither idv serve nor idv pipeline/);
});
