import t from 'tap';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import onnxProto from 'onnx-proto';
import { convRanges } from '../../model-build/optimise/calibrate.js';
import { raiseToOpset10 } from '../../model-build/optimise/opset10.js';
import { activationScale, quantisableConvs, quantiseConvs, WEIGHT_REACH } from '../../model-build/optimise/quantise.js';
import { mulberry32 } from '../fixtures/random.js';

const { onnx } = onnxProto;
const FLOAT = onnx.TensorProto.DataType.FLOAT;
const [IN, OUT, H, W] = [128, 256, 4, 6];

/** Deterministic values in [-1, 1). */
function values(n: number, salt: string): Float32Array {
  const random = mulberry32([...salt].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
  return Float32Array.from({ length: n }, () => random() * 2 - 1);
}

/**
 * An opset-9 graph in the PP-OCR exports' style: Slice (attributes, as before opset 10) → 1×1
 * Conv 128 → 256 → Relu, and a 3×3 conv beside it that is no candidate.
 */
function convModel(): onnxProto.onnx.IModelProto {
  const weights = (name: string, dims: number[]) => ({ name, dims, dataType: FLOAT, rawData: new Uint8Array(values(dims.reduce((a, b) => a * b, 1), name).buffer) });
  const ints = (name: string, list: number[]) => ({ name, type: onnx.AttributeProto.AttributeType.INTS, ints: list });
  const info = (name: string, dims: number[]) => ({ name, type: { tensorType: { elemType: FLOAT, shape: { dim: dims.map((d) => ({ dimValue: d })) } } } });
  return {
    irVersion: 7,
    opsetImport: [{ domain: '', version: 9 }],
    graph: {
      name: 'conv',
      input: [info('x', [1, IN, H, W])],
      output: [info('y', [1, OUT, H, W - 1]), info('z', [1, 8, H, W - 1])],
      initializer: [weights('w', [OUT, IN, 1, 1]), weights('b', [OUT]), weights('w3', [8, IN, 3, 3])],
      node: [
        { opType: 'Slice', name: 'cut', input: ['x'], output: ['x_cut'], attribute: [ints('starts', [0]), ints('ends', [W - 1]), ints('axes', [3])] },
        { opType: 'Conv', name: 'pointwise', input: ['x_cut', 'w', 'b'], output: ['conv'], attribute: [ints('kernel_shape', [1, 1])] },
        { opType: 'Relu', name: 'relu', input: ['conv'], output: ['y'] },
        { opType: 'Conv', name: 'wide', input: ['x_cut', 'w3'], output: ['z'], attribute: [ints('kernel_shape', [3, 3]), ints('pads', [1, 1, 1, 1])] },
      ],
    },
  };
}

const encode = (model: onnxProto.onnx.IModelProto): Uint8Array => onnx.ModelProto.encode(model).finish();
const inputs = Array.from({ length: 4 }, (_, i) => ({ data: values(IN * H * W, `input${i}`), dims: [1, IN, H, W] }));

async function run(model: Uint8Array, data: Float32Array): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(model, { intraOpNumThreads: 1 });
  const out = await session.run({ x: new ort.Tensor('float32', data, [1, IN, H, W]) });
  await session.release();
  return out.y!.data as Float32Array;
}

t.test('only wide 1×1 convolutions are candidates', async (t) => {
  t.same(quantisableConvs(convModel().graph!), ['conv']);
});

t.test('an activation range is quantised with 0 exact, as onnxruntime does', async (t) => {
  const { scale, zeroPoint } = activationScale({ min: -0.375, max: 10 });
  t.equal(zeroPoint, Math.round(0.375 / scale));
  t.ok(Math.abs(scale - 10.375 / 255) < 1e-7);
  t.same(activationScale({ min: 2, max: 5 }).zeroPoint, 0, 'a positive range still reaches down to 0');
  t.same(activationScale({ min: 0, max: 0 }), { scale: 1, zeroPoint: 0 }, 'a constant zero does not divide by zero');
});

t.test('the quantised convolution gives the float one within its quantisation step, as one QLinearConv', async (t) => {
  const float = encode(convModel());
  const ranges = await convRanges(float, ['conv'], inputs);
  t.ok(ranges.conv!.input.min < 0 && ranges.conv!.input.max > 0, 'the input range spans the calibration inputs');
  const model = convModel();
  t.equal(quantiseConvs(model, ranges), 1);
  t.equal(model.opsetImport!.find((o) => o.domain === '')!.version, 10, 'raised to the opset of QLinearConv');
  const weights = model.graph!.initializer!.find((w) => w.name!.endsWith('.w_int8'))!;
  const reach = Math.max(...new Int8Array(weights.rawData!.buffer, weights.rawData!.byteOffset, weights.rawData!.length).map(Math.abs));
  // Seven bits: a pair of uint8 × int8 products then fits the 16 bits that kernels without VNNI add it in.
  t.equal(reach, WEIGHT_REACH, 'each channel spans ±63, no further');
  const quantised = encode(model);
  const step = activationScale(ranges.conv!.output).scale;
  for (const input of inputs) {
    const [a, b] = [await run(float, input.data), await run(quantised, input.data)];
    let largest = 0;
    for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i]! - b[i]!));
    // Rounding the input, the weights and the output each moves an output by about a step.
    t.ok(largest <= 4 * step, `largest difference ${largest.toFixed(4)}, output step ${step.toFixed(4)}`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'idv-quantise-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const optimised = join(dir, 'optimised.onnx');
  const session = await ort.InferenceSession.create(quantised, { graphOptimizationLevel: 'extended', optimizedModelFilePath: optimised });
  await session.release();
  const ops = onnx.ModelProto.decode(await readFile(optimised)).graph!.node!.map((n) => n.opType);
  t.ok(ops.includes('QLinearConv'), `onnxruntime fused the unit: ${ops.join(' ')}`);
  t.notOk(ops.includes('DequantizeLinear') && ops.filter((op) => op === 'Conv').length > 1, 'no float 1×1 convolution is left');
});

t.test('a convolution reading another quantised one reads its Dequantize, and the chain runs within its steps', async (t) => {
  // x → 1×1 conv 128 → 256 ('conv') → 1×1 conv 256 → 240 ('next') → y: the second's input is the first's output.
  const chained = (): onnxProto.onnx.IModelProto => {
    const model = convModel();
    const graph = model.graph!;
    graph.initializer!.push({ name: 'w2', dims: [240, OUT, 1, 1], dataType: FLOAT, rawData: new Uint8Array(values(240 * OUT, 'w2').buffer) });
    graph.node = graph.node!.filter((n) => n.name !== 'relu' && n.name !== 'wide');
    graph.node.push({ opType: 'Conv', name: 'next', input: ['conv', 'w2'], output: ['y'], attribute: [{ name: 'kernel_shape', type: onnx.AttributeProto.AttributeType.INTS, ints: [1, 1] }] });
    graph.output = [graph.output![0]!];
    graph.output[0]!.type!.tensorType!.shape!.dim![1] = { dimValue: 240 };
    return model;
  };
  const float = encode(chained());
  const ranges = await convRanges(float, ['conv', 'y'], inputs);
  const model = chained();
  t.equal(quantiseConvs(model, ranges), 2);
  const quantizers = model.graph!.node!.filter((n) => n.opType === 'QuantizeLinear').map((n) => n.output![0]);
  t.same(quantizers, [...new Set(quantizers)], 'every Quantize node has a name of its own');
  t.equal(quantizers.length, 3, "the input, the first's output (which the second reads) and the second's output");
  const step = activationScale(ranges.y!.output).scale;
  const [a, b] = [await run(float, inputs[0]!.data), await run(encode(model), inputs[0]!.data)];
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs(a[i]! - b[i]!);
  // The mean, not the largest: the ranges hold 99.99 % of four small inputs' values, so the rarest
  // outputs saturate by several steps, as they do with the second convolution quantised alone.
  t.ok(total / a.length <= step, `mean difference ${(total / a.length).toFixed(4)}, output step ${step.toFixed(4)}`);
});

t.test('ranges for a convolution the model lacks are refused', async (t) => {
  const range = { input: { min: -1, max: 1 }, output: { min: -1, max: 1 } };
  t.throws(() => quantiseConvs(convModel(), { 'p2o.Add.91': range }), /no convolution with constant weights writes p2o.Add.91/);
});

t.test('raising to opset 10 moves Slice attributes to inputs and keeps the output', async (t) => {
  const before = await run(encode(convModel()), inputs[0]!.data);
  const model = convModel();
  raiseToOpset10(model);
  const slice = model.graph!.node!.find((n) => n.opType === 'Slice')!;
  t.equal(slice.input!.length, 4, 'data, starts, ends, axes');
  t.same(slice.attribute, []);
  t.same(await run(encode(model), inputs[0]!.data), before);
  const upsample = convModel();
  upsample.graph!.node!.push({ opType: 'Upsample', input: ['y'], output: ['u'] });
  t.throws(() => raiseToOpset10(upsample), /Upsample changed there/);
});
