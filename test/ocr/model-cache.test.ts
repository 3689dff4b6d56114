/**
 * The OCR model cache (pipeline/ocr/model-cache.ts) on the direction classifier, the smallest
 * model, in a folder of its own: made once, taken as it is, made again when its bytes or its
 * record no longer match, refused when the source is. Each step imports the module afresh (a
 * query on its URL), as a new worker would, since a module remembers what it looked up.
 */
import t from 'tap';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIRECTION_MODEL } from '../../pipeline/ocr/model-files.js';

const dir = mkdtempSync(join(tmpdir(), 'idv-ocr-cache-'));
process.env.IDV_MODELS_DIR = dir;
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

let fresh = 0;
async function cache(): Promise<typeof import('../../pipeline/ocr/model-cache.js')> {
  return import(`../../pipeline/ocr/model-cache.js?fresh=${fresh++}`) as Promise<typeof import('../../pipeline/ocr/model-cache.js')>;
}
const folded = async () => (await cache()).optimisedModel(DIRECTION_MODEL, { fold: true });

t.test('made once into <dir>/ocr, then taken as it is; made again when stale or damaged', async (t) => {
  const first = await folded();
  t.equal(first.path, join(dir, 'ocr', 'ch_ppocr_mobile_v2.0_cls_infer.fold.onnx'));
  t.ok(first.made);
  const bytes = readFileSync(first.path);
  const record = JSON.parse(readFileSync(`${first.path}.json`, 'utf8'));
  t.equal(record.output.bytes, bytes.length);
  t.match(record.transform, /^fold:true classes:all int8:no optimiser:[0-9a-f]{64}$/);

  t.notOk((await folded()).made, 'up to date: taken');

  const damaged = Uint8Array.from(bytes);
  damaged[damaged.length - 1] ^= 1;
  writeFileSync(first.path, damaged);
  t.ok((await folded()).made, 'its bytes no longer match the record: made again');
  t.same(readFileSync(first.path), bytes, 'the same bytes as before');

  writeFileSync(`${first.path}.json`, JSON.stringify({ ...record, transform: 'fold:true classes:all int8:no optimiser:0' }));
  t.ok((await folded()).made, 'made by another optimiser: made again');
  t.notOk((await folded()).made);
});

t.test('a source the caller refuses is refused whatever the cache holds', async (t) => {
  const refuse = (sha256: string): void => { throw new Error(`refused ${sha256.slice(0, 6)}`); };
  await t.rejects((await cache()).optimisedModel(DIRECTION_MODEL, { fold: true }, refuse), /refused/);
});
