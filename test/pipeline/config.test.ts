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
  t.same(wide.workerSettings, { onnxThreads: 1, sharpConcurrency: 1, ocrHelper: cores >= 2, ocrRecogniser: 'v6-tiny' });
  const narrow = loadPipelineConfig(['--threads', '1'], {});
  t.equal(narrow.threads, 1);
  t.same(narrow.workerSettings, { onnxThreads: cores, sharpConcurrency: 1, ocrHelper: false, ocrRecogniser: 'v6-tiny' });
});

t.test("the recogniser's helper thread where a worker's models run on one thread of several cores", async (t) => {
  t.equal(ocrHelperDefault(1, 2), 1, 'a pool as wide as two cores');
  t.equal(ocrHelperDefault(2, 2), 0, "one worker's onnxruntime on both cores already");
  t.equal(ocrHelperDefault(1, 1), 0, 'one core: nothing to share');
  t.equal(loadPipelineConfig([], { IDV_OCR_HELPER: '0' }).workerSettings.ocrHelper, false);
  t.equal(loadPipelineConfig(['--threads', '1'], { IDV_OCR_HELPER: '1' }).workerSettings.ocrHelper, true, 'asked for, whatever the budget');
  t.throws(() => loadPipelineConfig([], { IDV_OCR_HELPER: 'on' }), /IDV_OCR_HELPER must be an integer between 0 and 1/);
});

t.test('IDV_OCR_RECOGNISER picks the model that reads a page first: v6-tiny by default, v6, nothing else', async (t) => {
  t.equal(loadPipelineConfig([], {}).workerSettings.ocrRecogniser, 'v6-tiny');
  t.equal(loadPipelineConfig([], { IDV_OCR_RECOGNISER: 'v6-tiny' }).workerSettings.ocrRecogniser, 'v6-tiny');
  t.equal(loadPipelineConfig([], { IDV_OCR_RECOGNISER: 'v6' }).workerSettings.ocrRecogniser, 'v6');
  t.throws(() => loadPipelineConfig([], { IDV_OCR_RECOGNISER: 'v4' }), /IDV_OCR_RECOGNISER must be v6-tiny or v6, got "v4"/);
  t.throws(() => loadPipelineConfig([], { IDV_OCR_RECOGNISER: 'v5' }), /IDV_OCR_RECOGNISER must be v6-tiny or v6/);
});

t.test('a bad thread count stops the configuration with its name', async (t) => {
  t.throws(() => loadPipelineConfig([], { IDV_PIPELINE_THREADS: '0' }), /IDV_PIPELINE_THREADS must be an integer between 1/);
  t.throws(() => loadPipelineConfig(['--threads', 'two'], {}), /--threads/);
});

t.test('plain text on loopback only: another host needs TLS or IDV_PIPELINE_ALLOW_PLAINTEXT=1', async (t) => {
  for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) {
    t.equal(loadPipelineConfig(['--host', host], {}).tls, null, `${host}: plain text`);
  }
  for (const host of ['0.0.0.0', '::', '10.0.0.5', 'pipeline.internal']) {
    t.throws(() => loadPipelineConfig(['--host', host], {}),
      new RegExp(`^--host ${host.replace(/\./g, '\\.')} is reachable from other machines: give --tls-cert and --tls-key`), `${host}: refused`);
  }
  t.equal(loadPipelineConfig(['--host', '0.0.0.0'], { IDV_PIPELINE_ALLOW_PLAINTEXT: '1' }).tls, null, 'said outright: plain text');
  const tls = loadPipelineConfig(['--host', '0.0.0.0', '--tls-cert', 'p.pem', '--tls-key', 'p.key', '--tls-client-ca', 'ca.pem'], {}).tls;
  t.match(tls, { certFile: /\/p\.pem$/, keyFile: /\/p\.key$/, clientCaFile: /\/ca\.pem$/ }, 'TLS files, resolved');
  t.equal(loadPipelineConfig(['--tls-cert', 'p.pem', '--tls-key', 'p.key'], {}).tls?.clientCaFile, null, 'no client CA: TLS, not mutual');
});

t.test('bad TLS, token and health-port settings are refused with their names', async (t) => {
  t.throws(() => loadPipelineConfig(['--tls-cert', 'p.pem'], {}), /^--tls-cert and --tls-key must be given together$/);
  t.throws(() => loadPipelineConfig(['--tls-key', 'p.key'], {}), /^--tls-cert and --tls-key must be given together$/);
  t.throws(() => loadPipelineConfig(['--tls-client-ca', 'ca.pem'], {}), /^--tls-client-ca needs --tls-cert and --tls-key$/);
  t.throws(() => loadPipelineConfig([], { IDV_PIPELINE_TOKEN: 'short' }), /^IDV_PIPELINE_TOKEN must be at least 16 characters/);
  t.throws(() => loadPipelineConfig([], { IDV_PIPELINE_TOKEN: 'has a space in the middle' }), /^IDV_PIPELINE_TOKEN must be visible ASCII without spaces$/);
  t.equal(loadPipelineConfig([], { IDV_PIPELINE_TOKEN: 'a'.repeat(16) }).token, 'a'.repeat(16));
  t.equal(loadPipelineConfig([], {}).token, null, 'no token by default');
  t.equal(loadPipelineConfig(['--health-port', '50052'], {}).healthPort, 50052);
  t.equal(loadPipelineConfig([], { IDV_PIPELINE_HEALTH_PORT: '50053' }).healthPort, 50053);
  t.equal(loadPipelineConfig([], {}).healthPort, null, 'no health port by default');
  t.throws(() => loadPipelineConfig(['--health-port', 'x'], {}), /--health-port \/ IDV_PIPELINE_HEALTH_PORT must be an integer/);
});
