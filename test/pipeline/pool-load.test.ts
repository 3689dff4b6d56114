import { Worker } from 'node:worker_threads';
import t from 'tap';
import { newRunningCounter, runningAlone } from '../../pipeline/pool-load.js';

const MODULE = new URL('../../pipeline/pool-load.js', import.meta.url).href;

/** In a worker holding `running`: whether its task runs alone, and the count while it runs. */
function taskInWorker(running: Int32Array): Promise<[boolean, number]> {
  const code = `import('${MODULE}').then(async (m) => {
    const { parentPort, workerData } = await import('node:worker_threads');
    parentPort.postMessage(await m.countedAsRunning(async () => [m.runningAlone(), Atomics.load(workerData.running, 0)]));
  });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { running } });
    worker.once('message', (message: [boolean, number]) => { void worker.terminate(); resolve(message); });
    worker.once('error', reject);
  });
}

t.test('a pool worker counts its task while it runs, and runs alone only when no other task does', async (t) => {
  const running = newRunningCounter();
  t.same(await taskInWorker(running), [true, 1]);
  t.equal(Atomics.load(running, 0), 0, 'the count goes back when the task ends');
  Atomics.store(running, 0, 1);
  t.same(await taskInWorker(running), [false, 2], 'another task running');
  t.equal(Atomics.load(running, 0), 1);
});

t.test('outside a pool a worker counts as alone', async (t) => {
  t.equal(runningAlone(), true);
});
