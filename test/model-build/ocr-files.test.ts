/**
 * model-build/ocr-files.ts on the direction classifier, the smallest model, in a cache folder of
 * its own: made once, taken as it is, made again when its bytes or its record no longer match or
 * another optimiser made it, refused when the source is; a file no reader runs is pruned.
 */
import t from 'tap';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeOcrFile, optimiserHash, pruneOcrFiles } from '../../model-build/ocr-files.js';
import { optimisedFile } from '../../pipeline/ocr/model-cache.js';
import { DIRECTION_MODEL, V6_SMALL_DICTIONARY_FILE, foldedFile } from '../../pipeline/ocr/model-files.js';

const dir = mkdtempSync(join(tmpdir(), 'idv-ocr-files-'));
process.env.IDV_MODELS_DIR = dir;
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

t.test('made once into <dir>/ocr, then taken as it is; made again when stale or damaged', async (t) => {
  const file = foldedFile(DIRECTION_MODEL);
  const first = await makeOcrFile(file);
  t.equal(first.path, join(dir, 'ocr', 'ch_ppocr_mobile_v2.0_cls_infer.fold.onnx'));
  t.ok(first.made);
  const bytes = readFileSync(first.path);
  const record = JSON.parse(readFileSync(`${first.path}.json`, 'utf8'));
  t.equal(record.output.bytes, bytes.length);
  t.equal(record.transform, 'fold:true classes:all');
  t.equal(record.optimiser, await optimiserHash());
  t.match(record.optimiser, /^[0-9a-f]{64}$/);

  t.notOk((await makeOcrFile(file)).made, 'up to date: taken');

  const damaged = Uint8Array.from(bytes);
  damaged[damaged.length - 1] ^= 1;
  writeFileSync(first.path, damaged);
  t.ok((await makeOcrFile(file)).made, 'its bytes no longer match the record: made again');
  t.same(readFileSync(first.path), bytes, 'the same bytes as before');

  writeFileSync(`${first.path}.json`, JSON.stringify({ ...record, optimiser: '0' }));
  t.ok((await makeOcrFile(file)).made, 'made by another optimiser: made again');
  t.notOk((await makeOcrFile(file)).made);
});

t.test('a source the caller refuses is refused whatever the cache holds', async (t) => {
  const refuse = (sha256: string): void => { throw new Error(`refused ${sha256.slice(0, 6)}`); };
  await t.rejects(makeOcrFile(optimisedFile(DIRECTION_MODEL, { fold: true }, refuse)), /refused/);
});

t.test('pruning removes what no reader runs and keeps what one does', async (t) => {
  await makeOcrFile(V6_SMALL_DICTIONARY_FILE);
  const ocr = join(dir, 'ocr');
  writeFileSync(join(ocr, 'retired.fold.onnx'), 'x');
  writeFileSync(join(ocr, 'retired.fold.onnx.json'), '{}');
  writeFileSync(join(ocr, 'being-written.onnx.1-0.tmp'), 'x');
  t.same(await pruneOcrFiles(), ['retired.fold.onnx', 'retired.fold.onnx.json']);
  t.same(readdirSync(ocr).sort(), ['PP-OCRv6_rec_small.character.txt', 'PP-OCRv6_rec_small.character.txt.json', 'being-written.onnx.1-0.tmp',
    'ch_ppocr_mobile_v2.0_cls_infer.fold.onnx', 'ch_ppocr_mobile_v2.0_cls_infer.fold.onnx.json'], 'the files in use, and a write in progress, are kept');
});
