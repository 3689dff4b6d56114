import t from 'tap';
import { readFile } from 'node:fs/promises';
import onnxProto from 'onnx-proto';
import { latinSubset, recognitionCharset } from '../../pipeline/ocr/charset.js';
import { LATIN_HEAD_TRAINED, recognizerModel, V6_SMALL, V6_SMALL_LATIN_HEAD } from '../../pipeline/ocr/model-files.js';

const FEATURES = 120;

function floats(tensor: onnxProto.onnx.ITensorProto): Float32Array {
  const raw = tensor.rawData!;
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
}

t.test('PP-OCRv6 small narrowed to the Latin classes runs the trained head, byte for byte', async (t) => {
  const classes = latinSubset(await recognitionCharset('v6')).classes;
  const model = onnxProto.onnx.ModelProto.decode(await readFile(await recognizerModel(classes, 'v6')));
  const kept = model.graph!.initializer!.filter((tensor) => tensor.name?.endsWith('/kept_classes'));
  t.equal(kept.length, 2, 'the weights and the bias');
  const [weights, bias] = [...kept].sort((a, b) => b.dims!.length - a.dims!.length);
  t.same(weights!.dims!.map(Number), [FEATURES, classes.length]);
  t.ok(Buffer.concat([weights!.rawData!, bias!.rawData!]).equals(await readFile(V6_SMALL_LATIN_HEAD.path)));
});

t.test("the head is the source's but for the columns it trained", async (t) => {
  const { classes, charset } = latinSubset(await recognitionCharset('v6'));
  const source = onnxProto.onnx.ModelProto.decode(await readFile(V6_SMALL.path)).graph!.initializer!;
  const sourceWeights = floats(source.find((tensor) => tensor.name === 'linear_8.w_0')!);
  const sourceBias = floats(source.find((tensor) => tensor.name === 'linear_8.b_0')!);
  const all = sourceBias.length;
  const head = await readFile(V6_SMALL_LATIN_HEAD.path);
  const values = new Float32Array(head.buffer.slice(head.byteOffset, head.byteOffset + head.byteLength));
  const changed = new Set<string>();
  classes.forEach((k, c) => {
    let same = values[FEATURES * classes.length + c] === sourceBias[k];
    for (let f = 0; f < FEATURES; f++) same &&= values[f * classes.length + c] === sourceWeights[f * all + k];
    if (!same) changed.add(charset.chars[c]!);
  });
  t.same([...changed].sort(), Array.from(LATIN_HEAD_TRAINED).sort());
});

t.test('the head is refused for classes it was not trained for', async (t) => {
  await t.rejects(recognizerModel([0, 1, 2], 'v6'), /trained for other classes/);
});
