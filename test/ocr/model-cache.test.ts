/**
 * The service's side of the OCR model cache (pipeline/ocr/model-cache.ts) on the direction
 * classifier, the smallest model, in a cache folder of its own: a file not prepared, damaged, or
 * recorded for another transform is ModelsNotPreparedError naming `npm run models`; a prepared one
 * is taken, whichever optimiser made it. Each check imports the module afresh (a query on its URL),
 * as a new worker would, since a module remembers what it checked.
 */
import t from 'tap';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeOcrFile } from '../../model-build/ocr-files.js';
import { DIRECTION_MODEL, foldedFile } from '../../pipeline/ocr/model-files.js';

const dir = mkdtempSync(join(tmpdir(), 'idv-ocr-cache-'));
process.env.IDV_MODELS_DIR = dir;
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

let fresh = 0;
async function check(): Promise<string> {
  const cache = await import(`../../pipeline/ocr/model-cache.js?fresh=${fresh++}`) as typeof import('../../pipeline/ocr/model-cache.js');
  return cache.preparedFile(foldedFile(DIRECTION_MODEL));
}
const notPrepared = { name: 'ModelsNotPreparedError', code: 'IDV_MODELS_NOT_PREPARED', message: /ocr\/ch_ppocr_mobile_v2\.0_cls_infer\.fold\.onnx is missing or stale: run `npm run models` to prepare the model cache / };

t.test('a file not prepared stops the reader with the command to run', async (t) => {
  await t.rejects(check(), notPrepared);
});

t.test('a prepared file is taken; damaged or recorded for another transform, it is refused', async (t) => {
  const { path } = await makeOcrFile(foldedFile(DIRECTION_MODEL));
  t.equal(await check(), path, 'prepared: taken');

  const record = JSON.parse(readFileSync(`${path}.json`, 'utf8'));
  writeFileSync(`${path}.json`, JSON.stringify({ ...record, optimiser: 'another' }));
  t.equal(await check(), path, 'whichever optimiser made it: the service holds none to judge by');

  writeFileSync(`${path}.json`, JSON.stringify({ ...record, transform: 'fold:false classes:all' }));
  await t.rejects(check(), notPrepared, 'recorded for another transform: refused');
  writeFileSync(`${path}.json`, JSON.stringify(record));

  const bytes = readFileSync(path);
  const damaged = Uint8Array.from(bytes);
  damaged[damaged.length - 1] ^= 1;
  writeFileSync(path, damaged);
  await t.rejects(check(), notPrepared, 'its bytes no longer match the record: refused');
  writeFileSync(path, bytes);
  t.equal(await check(), path);
});
