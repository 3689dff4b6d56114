import t from 'tap';
import { availableCores } from '../../pipeline/cpu-quota.js';
import { loadPipelineConfig, ocrHelperDefault, onnxThreadsPerWorker } from '../../pipeline/config.js';

t.test('onnxruntime gets the cores a narrower pool leaves over, never fewer than one', async (t) => {
  t.equal(onnxThreadsPerWorker(2, 2), 1, 'one worker a core: each model on one thread');
  t.equal(onnxThreadsPerWorker(1, 2), 2, 'one worker on two cores: both');
  t.equal(onnxThreadsPerWorker(3, 8), 2, 'cores shared out, rounded down');
  t.equal(onnxThreadsPerWorker(4, 2), 1, 'a pool wider than the machine: one each');
});

t.test('the configuration hands the thread budget to the workers', async (t) => {
  const cores = availableCores();
  const wide = loadPipelineConfig([], { IDV_PIPELINE_THREADS: String(cores) });
  t.same(wide.workerSettings, { onnxThreads: 1, sharpConcurrency: 1, ocrInt8: true, ocrHelper: cores >= 2, ocrRecogniser: 'v6-tiny' });
  const narrow = loadPipelineConfig(['--threads', '1'], {});
  t.equal(narrow.threads, 1);
  t.same(narrow.workerSettings, { onnxThreads: cores, sharpConcurrency: 1, ocrInt8: true, ocrHelper: false, ocrRecogniser: 'v6-tiny' });
});

t.test("the recogniser's helper thread where a worker's models run on one thread of several cores", async (t) => {
  t.equal(ocrHelperDefault(1, 2), 1, 'a pool as wide as two cores');
  t.equal(ocrHelperDefault(2, 2), 0, "one worker's onnxruntime on both cores already");
  t.equal(ocrHelperDefault(1, 1), 0, 'one core: nothing to share');
  t.equal(loadPipelineConfig([], { IDV_OCR_HELPER: '0' }).workerSettings.ocrHelper, false);
  t.equal(loadPipelineConfig(['--threads', '1'], { IDV_OCR_HELPER: '1' }).workerSettings.ocrHelper, true, 'asked for, whatever the budget');
  t.throws(() => loadPipelineConfig([], { IDV_OCR_HELPER: 'on' }), /IDV_OCR_HELPER must be an integer between 0 and 1/);
});

t.test('IDV_OCR_INT8=0 keeps the recogniser in float; anything but 0 or 1 is refused', async (t) => {
  t.equal(loadPipelineConfig([], { IDV_OCR_INT8: '0' }).workerSettings.ocrInt8, false);
  t.equal(loadPipelineConfig([], { IDV_OCR_INT8: '1' }).workerSettings.ocrInt8, true);
  t.throws(() => loadPipelineConfig([], { IDV_OCR_INT8: 'yes' }), /IDV_OCR_INT8 must be an integer between 0 and 1/);
});

t.test('IDV_OCR_RECOGNISER picks the model that reads fronts: v6-tiny by default, v6, v4, nothing else', async (t) => {
  t.equal(loadPipelineConfig([], {}).workerSettings.ocrRecogniser, 'v6-tiny');
  t.equal(loadPipelineConfig([], { IDV_OCR_RECOGNISER: 'v6-tiny' }).workerSettings.ocrRecogniser, 'v6-tiny');
  t.equal(loadPipelineConfig([], { IDV_OCR_RECOGNISER: 'v6' }).workerSettings.ocrRecogniser, 'v6');
  t.equal(loadPipelineConfig([], { IDV_OCR_RECOGNISER: 'v4' }).workerSettings.ocrRecogniser, 'v4');
  t.throws(() => loadPipelineConfig([], { IDV_OCR_RECOGNISER: 'v5' }), /IDV_OCR_RECOGNISER must be v6-tiny, v6 or v4/);
});

t.test('a bad thread count stops the configuration with its name', async (t) => {
  t.throws(() => loadPipelineConfig([], { IDV_PIPELINE_THREADS: '0' }), /IDV_PIPELINE_THREADS must be an integer between 1/);
  t.throws(() => loadPipelineConfig(['--threads', 'two'], {}), /--threads/);
});
