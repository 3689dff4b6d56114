/**
 * A pipeline whose model cache is not prepared refuses to start, and says what to run: the real
 * `idv pipeline` process on an empty IDV_MODELS_DIR, then on one that holds the face models but
 * not the OCR files.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t from 'tap';
import { modelsDir } from '../../pipeline/model-dir.js';

const MAIN = fileURLToPath(new URL('../../pipeline/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'idv-unprepared-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

async function start(): Promise<{ code: number; stderr: string }> {
  const env = { ...process.env, IDV_MODELS_DIR: dir };
  return promisify(execFile)(process.execPath, [MAIN, '--port', '0', '--threads', '1'], { env, timeout: 20_000 })
    .then(() => ({ code: 0, stderr: '' }), (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }));
}

t.test('an empty cache: the pipeline stops at its start, naming `npm run models`', async (t) => {
  const { code, stderr } = await start();
  t.equal(code, 1, 'exit code 1');
  t.equal(stderr.trim(), `idv pipeline: failed to start: the face model blazeface is not in the cache's manifest: run \`npm run models\` to prepare the model cache ${dir} (an image's build stage runs it)`,
    'one line, no stack');
});

t.test('the face models alone: it names the first OCR file missing', async (t) => {
  // The repository's cache, prepared by `npm run models` (pretest), lends its face models.
  for (const file of ['manifest.json', 'blazeface.onnx', 'dlib-resnet.onnx']) copyFileSync(join(modelsDir(), file), join(dir, file));
  const { code, stderr } = await start();
  t.equal(code, 1);
  t.match(stderr, /^idv pipeline: failed to start: the OCR model file ocr\/PP-OCRv6_rec_small\.character\.txt is missing or stale: run `npm run models`/);
});
