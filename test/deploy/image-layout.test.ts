/**
 * The image's final stage, laid out without a container builder (layout.ts): both commands start
 * from its files and pass the HEALTHCHECK (and fail it once stopped), a licence is verified
 * through them, and starting and serving write nothing under /app: the models are found prepared,
 * so the root filesystem may be read-only. The prepared cache holds what the service runs alone. image-reads.test.ts reads every model and data file
 * through such a layout; image-files.test.ts checks from the code that the stage copies them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { FACE_MODELS_IN_USE } from '../../pipeline/face/model-files.js';
import { ocrFilesInUse } from '../../pipeline/ocr/files-in-use.js';
import { V6_SMALL_DICTIONARY_FILE } from '../../pipeline/ocr/model-files.js';
import { licenceBody } from '../server/fixtures.js';
import { httpCall } from '../server/helper.js';
import { healthcheck, prepareLayout, snapshot, startDoor, startPipeline, stopped } from './layout.js';

t.test('the final stage\'s files run both commands, pass the health check and write nothing', async (t) => {
  const layout = await prepareLayout(t);
  const { app, env } = layout;
  t.match(layout.prepared, /ocr\/.*(made|up-to-date)/, 'the models are prepared into the layout\'s cache');
  const cache = path.join(app, 'models/cache');
  const faces = FACE_MODELS_IN_USE.map((id) => `${id}.onnx`);
  t.same(readdirSync(cache).sort(), [...faces, 'manifest.json', 'ocr'].sort(), `the cache holds the face models the service runs alone (${faces.join(', ')})`);
  t.same(Object.keys(JSON.parse(readFileSync(path.join(cache, 'manifest.json'), 'utf8')).models).sort(), [...FACE_MODELS_IN_USE].sort(), 'and its manifest lists them alone');
  const ocr = [V6_SMALL_DICTIONARY_FILE, ...await ocrFilesInUse()].flatMap((file) => [file.name, `${file.name}.json`]);
  t.same(readdirSync(path.join(cache, 'ocr')).sort(), ocr.sort(), `and the OCR files it runs alone (${ocr.length / 2})`);
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
