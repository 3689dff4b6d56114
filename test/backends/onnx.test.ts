/**
 * onnxruntime issue 24486: some versions abort with "HandleScope::HandleScope Entering the V8 API
 * without proper locking" when sessions run in more than one worker thread. The pipeline runs its
 * models in piscina workers, so this runs two workers, each with two sessions running at once.
 */
import { Worker } from 'node:worker_threads';
import t from 'tap';

const WORKER = `
const { parentPort } = require('node:worker_threads');
(async () => {
  const { floatTensor, loadSession, runFloat } = await import(${JSON.stringify(new URL('../../pipeline/backends/onnx.js', import.meta.url).href)});
  const { DETECTION_MODEL, V6_TINY } = await import(${JSON.stringify(new URL('../../pipeline/ocr/model-files.js', import.meta.url).href)});
  const [rec, det] = await Promise.all([loadSession(V6_TINY.path), loadSession(DETECTION_MODEL)]);
  const dims = [];
  for (let i = 0; i < 3; i++) {
    const [a, b] = await Promise.all([
      runFloat(rec, floatTensor(new Float32Array(3 * 48 * 160), [1, 3, 48, 160])),
      runFloat(det, floatTensor(new Float32Array(3 * 64 * 64), [1, 3, 64, 64])),
    ]);
    dims.push([a.dims, b.dims]);
  }
  parentPort.postMessage(dims);
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

function runWorker(): Promise<{ message: unknown; code: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true });
    let message: unknown;
    worker.on('message', (m) => { message = m; });
    worker.on('error', reject);
    worker.on('exit', (code) => resolve({ message, code }));
  });
}

t.test('two worker threads run two sessions each at once (onnxruntime issue 24486)', async (t) => {
  const results = await Promise.all([runWorker(), runWorker()]);
  for (const { message, code } of results) {
    t.equal(code, 0);
    t.same(message, Array(3).fill([[1, 20, 6906], [1, 1, 64, 64]]));
  }
});

t.test('a session is created once per worker and shared', async (t) => {
  const { loadSession } = await import('../../pipeline/backends/onnx.js');
  const { V6_TINY } = await import('../../pipeline/ocr/model-files.js');
  t.equal(await loadSession(V6_TINY.path), await loadSession(V6_TINY.path));
});

t.test('a failed load is forgotten, so the next call tries again', async (t) => {
  const { loadSession } = await import('../../pipeline/backends/onnx.js');
  const first = loadSession('/nonexistent/model.onnx');
  await t.rejects(first);
  const second = loadSession('/nonexistent/model.onnx');
  t.not(first, second);
  await t.rejects(second);
});
