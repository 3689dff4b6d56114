import t, { type Test } from 'tap';
import * as tf from '@tensorflow/tfjs';
import * as ort from 'onnxruntime-node';
import { convertGraphModel } from '../../model-build/convert/convert.js';
import type { TfAttr, TfjsModel, TfNode, WeightSpec } from '../../model-build/convert/tfjs-model.js';
import { loadTfjs } from '../../model-build/verify.js';

const META = { producerName: 'test', producerVersion: '0', docString: '', metadata: {} };
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const ints = (...v: number[]): TfAttr => ({ list: { i: v.map(String) } });
const str = (s: string): TfAttr => ({ s: b64(s) });

interface Constant {
  name: string;
  shape: number[];
  /** int32 values (shapes, axes, paddings); float32 constants get deterministic pseudo-random values. */
  ints?: number[];
  /** float32 values, where the test needs particular ones. */
  floats?: number[];
}

/** A graph model built in memory from nodes and constants. */
function graphModel(nodes: TfNode[], consts: Constant[]): TfjsModel {
  const specs: WeightSpec[] = [];
  const parts: Array<Float32Array | Int32Array> = [];
  let seed = 7;
  for (const c of consts) {
    const n = c.shape.reduce((a, b) => a * b, 1);
    const random = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) - 0.5;
    parts.push(c.ints ? Int32Array.from(c.ints) : c.floats ? Float32Array.from(c.floats) : Float32Array.from({ length: n }, random));
    specs.push({ name: c.name, shape: c.shape, dtype: c.ints ? 'int32' : 'float32' });
    nodes.unshift({ name: c.name, op: 'Const' });
  }
  const bytes = new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p.buffer))));
  return { json: { modelTopology: { node: nodes, versions: {} }, weightsManifest: [{ paths: [], weights: specs }] }, groupData: [bytes], files: [] };
}

const input = (name: string, ...dims: number[]): TfNode => ({
  name, op: 'Placeholder', attr: { dtype: { type: 'DT_FLOAT' }, shape: { shape: { dim: dims.map((d) => ({ size: String(d) })) } } },
});

/** Runs the TF.js graph and its ONNX conversion on the same input; returns the largest difference. */
async function parity(t: Test, model: TfjsModel, dims: number[], output: string): Promise<{ diff: number; shape: number[] }> {
  await tf.setBackend('cpu');
  const converted = convertGraphModel(model, 'synthetic', META);
  const x = Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, i) => Math.sin(i * 0.37));
  const tfModel = await loadTfjs(tf, model);
  const want = (tfModel.execute({ x: tf.tensor(x, dims) }, output) as tf.Tensor);
  const session = await ort.InferenceSession.create(converted.onnx);
  const got = (await session.run({ x: new ort.Tensor('float32', x, dims) }))[output]!;
  const w = want.dataSync();
  let diff = 0;
  got.data.forEach((v, i) => { diff = Math.max(diff, Math.abs((v as number) - w[i]!)); });
  t.same(got.dims, want.shape, `${output} has TF.js's shape`);
  t.same(converted.outputs[0]!.shape, want.shape, 'inferred output shape matches');
  await session.release();
  tfModel.dispose();
  return { diff, shape: want.shape };
}

t.test('depthwise with channel multiplier, SAME stride 2 on odd sizes, dilated EXPLICIT conv and SAME max-pool match TF.js', async (t) => {
  const model = graphModel([
    input('x', 1, 9, 7, 3),
    { name: 'dw', op: 'DepthwiseConv2dNative', input: ['x', 'dw_filter'],
      attr: { padding: str('SAME'), strides: ints(1, 2, 2, 1), dilations: ints(1, 1, 1, 1), data_format: str('NHWC') } },
    { name: 'conv', op: 'Conv2D', input: ['dw', 'conv_filter'],
      attr: { padding: str('EXPLICIT'), explicit_paddings: ints(0, 0, 2, 1, 1, 2, 0, 0), strides: ints(1, 1, 1, 1), dilations: ints(1, 2, 2, 1) } },
    { name: 'pool', op: 'MaxPool', input: ['conv'], attr: { padding: str('SAME'), strides: ints(1, 2, 2, 1), ksize: ints(1, 3, 3, 1) } },
    { name: 'out', op: 'Mean', input: ['pool', 'axes'], attr: { keep_dims: { b: true } } },
  ], [
    { name: 'dw_filter', shape: [3, 3, 3, 2] },
    { name: 'conv_filter', shape: [3, 2, 6, 4] },
    { name: 'axes', shape: [1], ints: [-1] },
  ]);
  const r = await parity(t, model, [1, 9, 7, 3], 'out');
  t.same(r.shape, [1, 2, 3, 1]);
  t.ok(r.diff <= 1e-5, `max |Δ| ${r.diff}`);
});

t.test('fused conv and matmul apply bias and Relu; Reshape and Pad keep TF semantics', async (t) => {
  const relu = [b64('BiasAdd'), b64('Relu')];
  const model = graphModel([
    input('x', 2, 6, 6, 2),
    { name: 'padded', op: 'Pad', input: ['x', 'paddings'] },
    { name: 'conv', op: '_FusedConv2D', input: ['padded', 'filter', 'bias'],
      attr: { padding: str('VALID'), strides: ints(1, 2, 2, 1), fused_ops: { list: { s: relu } }, num_args: { i: '1' } } },
    { name: 'flat', op: 'Reshape', input: ['conv', 'shape'] },
    { name: 'dense', op: '_FusedMatMul', input: ['flat', 'kernel', 'dense_bias'],
      attr: { fused_ops: { list: { s: relu } }, num_args: { i: '1' }, transpose_a: { b: false }, transpose_b: { b: true } } },
  ], [
    { name: 'filter', shape: [3, 3, 2, 4] },
    { name: 'bias', shape: [4] },
    { name: 'kernel', shape: [5, 64] },
    { name: 'dense_bias', shape: [5] },
    { name: 'paddings', shape: [4, 2], ints: [0, 0, 1, 2, 2, 1, 0, 0] },
    { name: 'shape', shape: [2], ints: [-1, 64] },
  ]);
  const r = await parity(t, model, [2, 6, 6, 2], 'dense');
  t.same(r.shape, [2, 5]);
  t.ok(r.diff <= 1e-5, `max |Δ| ${r.diff}`);
});

t.test('clip_by_value (Minimum then Maximum on scalars) becomes one Clip, unless the inner value has another reader', async (t) => {
  const clamp = (extraReader: boolean, lo: number, hi: number): TfjsModel => graphModel([
    input('x', 1, 4, 4, 2),
    { name: 'low', op: 'Minimum', input: ['x', 'hi'] },
    { name: 'clamped', op: 'Maximum', input: ['low', 'lo'] },
    { name: 'y', op: 'AddV2', input: ['clamped', extraReader ? 'low' : 'clamped'] },
  ], [{ name: 'hi', shape: [], floats: [hi] }, { name: 'lo', shape: [], floats: [lo] }]);
  const ops = (model: TfjsModel): Record<string, number> => convertGraphModel(model, 'clamp', META).onnxOps;
  t.same(ops(clamp(false, -0.2, 0.3)), { Clip: 1, Add: 1 }, 'the pair is fused');
  t.same(ops(clamp(true, -0.2, 0.3)), { Min: 1, Max: 1, Add: 1 }, 'the Min feeds the Add too: left alone');
  t.same(ops(clamp(false, 0.3, -0.2)), { Min: 1, Max: 1, Add: 1 }, 'lo above hi is no clip: left alone');
  for (const [extra, lo, hi] of [[false, -0.2, 0.3], [true, -0.2, 0.3], [false, 0.3, -0.2]] as const) {
    t.equal((await parity(t, clamp(extra, lo, hi), [1, 4, 4, 2], 'y')).diff, 0, `same values as TF.js (reader ${extra}, ${lo}..${hi})`);
  }
});

t.test('an op outside the covered set is reported by name before anything is built', async (t) => {
  const model = graphModel([input('x', 1, 4), { name: 'y', op: 'Cumsum', input: ['x', 'x'] }, { name: 'z', op: 'Erf', input: ['y'] }], []);
  t.throws(() => convertGraphModel(model, 'odd', META), { message: 'odd: unsupported ops Cumsum, Erf' });
});

t.test('NCHW graphs are refused rather than converted wrongly', async (t) => {
  const model = graphModel([
    input('x', 1, 3, 8, 8),
    { name: 'y', op: 'Conv2D', input: ['x', 'f'], attr: { padding: str('VALID'), strides: ints(1, 1, 1, 1), data_format: str('NCHW') } },
  ], [{ name: 'f', shape: [1, 1, 3, 2] }]);
  t.throws(() => convertGraphModel(model, 'nchw', META), { message: 'Conv2D y: only NHWC data_format is supported' });
});
