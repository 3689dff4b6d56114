import t from 'tap';
import * as tf from '@tensorflow/tfjs';
import { decodeWeights, halfToFloat } from '../../model-build/convert/weights.js';
import type { WeightSpec } from '../../model-build/convert/tfjs-model.js';

/** Decodes the same bytes with TF.js's own decoder, the reference the converter must match. */
function tfjsDecode(bytes: Uint8Array, specs: WeightSpec[]): Record<string, Float32Array> {
  const map = tf.io.decodeWeights(bytes.slice().buffer, specs as tf.io.WeightsManifestEntry[]);
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, v.dataSync() as Float32Array]));
}

t.test('uint8 and uint16 affine dequantisation gives the values TF.js computes', async (t) => {
  const specs: WeightSpec[] = [
    { name: 'a', shape: [2, 3], dtype: 'float32', quantization: { dtype: 'uint8', min: -1.25, scale: 0.0117 } },
    { name: 'b', shape: [3], dtype: 'float32', quantization: { dtype: 'uint16', min: 0.5, scale: 3.1e-5 } },
  ];
  const bytes = new Uint8Array(6 + 6);
  bytes.set([0, 1, 17, 128, 254, 255]);
  new Uint16Array(bytes.buffer, 6, 3).set([0, 40000, 65535]);
  const ours = decodeWeights([{ paths: ['x.bin'], weights: specs }], [bytes]);
  const theirs = tfjsDecode(bytes, specs);
  t.same(Array.from(ours.get('a')!.data), Array.from(theirs.a!));
  t.same(Array.from(ours.get('b')!.data), Array.from(theirs.b!));
  t.same(ours.get('a')!.shape, [2, 3]);
});

t.test('float16 storage decodes exactly, including subnormals, infinities and NaN', async (t) => {
  const halves = [0x0000, 0x8000, 0x3c00, 0xc000, 0x7bff, 0x0001, 0x03ff, 0x7c00, 0xfc00, 0x3555];
  const bytes = new Uint8Array(new Uint16Array(halves).buffer);
  const specs: WeightSpec[] = [{ name: 'h', shape: [halves.length], dtype: 'float32', quantization: { dtype: 'float16' } }];
  const ours = Array.from(decodeWeights([{ paths: [], weights: specs }], [bytes]).get('h')!.data);
  t.same(ours, Array.from(tfjsDecode(bytes, specs).h!));
  t.equal(halfToFloat(0x7bff), 65504);
  t.equal(halfToFloat(0x0001), 2 ** -24);
  t.ok(Number.isNaN(halfToFloat(0x7e00)));
});

t.test('int32 constants pass through and weights follow one another across a group', async (t) => {
  const bytes = new Uint8Array(8 + 4);
  new Int32Array(bytes.buffer, 0, 2).set([-1, 192]);
  new Float32Array(bytes.buffer, 8, 1).set([0.25]);
  const w = decodeWeights([{ paths: [], weights: [
    { name: 'shape', shape: [2], dtype: 'int32' },
    { name: 'scalar', shape: [], dtype: 'float32' },
  ] }], [bytes]);
  t.same(Array.from(w.get('shape')!.data), [-1, 192]);
  t.same(Array.from(w.get('scalar')!.data), [0.25]);
  t.same(w.get('scalar')!.shape, []);
});

t.test('short shards and incomplete quantisation are rejected with the weight named', async (t) => {
  t.throws(() => decodeWeights([{ paths: [], weights: [{ name: 'big', shape: [4], dtype: 'float32' }] }], [new Uint8Array(8)]),
    { message: 'weight big: needs bytes 0..16, shards hold 8' });
  t.throws(() => decodeWeights([{ paths: [], weights: [
    { name: 'q', shape: [1], dtype: 'float32', quantization: { dtype: 'uint8' } },
  ] }], [new Uint8Array(1)]), { message: 'weight q: uint8 quantisation without min and scale' });
  t.throws(() => decodeWeights([{ paths: [], weights: [{ name: 's', shape: [1], dtype: 'string' }] }], [new Uint8Array(4)]),
    { message: 'weight s: unsupported stored dtype string' });
});
