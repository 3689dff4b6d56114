import t from 'tap';
import { readFile } from 'node:fs/promises';
import onnxProto from 'onnx-proto';
import { latinSubset, recognitionCharset } from '../../pipeline/ocr/charset.js';
import { recognizerModel, V6_SMALL_LATIN_HEAD } from '../../pipeline/ocr/model-files.js';

t.test('PP-OCRv6 small narrowed to the Latin classes runs the trained head, byte for byte', async (t) => {
  const classes = latinSubset(await recognitionCharset('v6')).classes;
  const model = onnxProto.onnx.ModelProto.decode(await readFile((await recognizerModel(classes, false, 'v6')).path));
  const kept = model.graph!.initializer!.filter((tensor) => tensor.name?.endsWith('/kept_classes'));
  t.equal(kept.length, 2, 'the weights and the bias');
  const [weights, bias] = [...kept].sort((a, b) => b.dims!.length - a.dims!.length);
  t.same(weights!.dims!.map(Number), [120, classes.length]);
  t.ok(Buffer.concat([weights!.rawData!, bias!.rawData!]).equals(await readFile(V6_SMALL_LATIN_HEAD.path)));
});

t.test('the head is refused for classes it was not trained for', async (t) => {
  await t.rejects(recognizerModel([0, 1, 2], false, 'v6'), /trained for other classes/);
});
