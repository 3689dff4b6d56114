/**
 * Static int8 quantisation of chosen convolutions, written as onnxruntime's QDQ form:
 *
 *   x → Quantize → Dequantize ─┐
 *   int8 W → Dequantize ───────┼─► Conv → Quantize → Dequantize → y
 *   int32 B → Dequantize ──────┘
 *
 * onnxruntime (graph optimisation level `basic` and up) fuses each such unit into one QLinearConv
 * that multiplies uint8 activations by int8 weights, which on AVX2/AVX-512 VNNI runs the
 * recogniser's wide 1×1 convolutions in well under half their float time (docs/front-ocr.md).
 *
 * Activations are quantised per tensor, asymmetric uint8, over a range measured on real inputs
 * (calibrate.ts); weights per output channel, symmetric and held to seven bits (±63); biases as
 * int32 in the scale of input × weight, as QLinearConv adds them to its accumulator. These are
 * the choices of onnxruntime's own quantiser (MinMax calibration, per-channel weights,
 * `reduce_range`).
 *
 * Why seven bits: without VNNI, onnxruntime multiplies uint8 by int8 with vpmaddubsw, which adds
 * each pair of products into 16 bits and saturates there. With ±127 weights a pair reaches
 * 2 × 255 × 127 = 64770 and the sums clip (CI's machine, which lacks VNNI, read the test
 * convolution up to 35 output steps off); with ±63 a pair stays within 2 × 255 × 63 = 32130, so
 * every x86 kernel accumulates exactly and the readings are the same on every machine.
 *
 * The Quantize/Dequantize nodes are the com.microsoft ones, which take a per-channel `axis` in any
 * opset: the PP-OCR models are opset 9, where the standard ops have no axis (they do from 13).
 * The fused QLinearConv is a standard op of opset 10, to which the model is raised (opset10.ts).
 */
import onnxProto from 'onnx-proto';
import { GraphIndex, int, runPasses, type Pass } from './fold.js';
import { raiseToOpset10 } from './opset10.js';
import type { ConvRanges, ValueRange } from '../../pipeline/ocr/optimisation.js';

const { onnx } = onnxProto;
type Node = onnxProto.onnx.INodeProto;
type Tensor = onnxProto.onnx.ITensorProto;

const MS_DOMAIN = 'com.microsoft';
const UINT8_MAX = 255;
/** The weights' reach, seven bits: see the header on 16-bit saturation. */
export const WEIGHT_REACH = 63;

export type { ConvRanges, ValueRange } from '../../pipeline/ocr/optimisation.js';

/**
 * The convolutions worth quantising: 1×1, ungrouped, constant weights, at least 128 channels in
 * and 240 out. In the PP-OCRv4 recogniser these are the nine pointwise convolutions of its last
 * two stages, 85 % of its float time. The depthwise and early convolutions are cheap, and
 * quantising them too gained nothing measurable while it moved more readings.
 */
export function quantisableConvs(graph: onnxProto.onnx.IGraphProto): string[] {
  const index = new GraphIndex(graph);
  return (graph.node ?? []).filter((node) => {
    if (node.opType !== 'Conv') return false;
    const group = int(node.attribute?.find((a) => a.name === 'group')?.i ?? 1);
    const weight = index.constants.get(node.input?.[1] ?? '')?.dims?.map(int);
    // The weights' shape is the kernel's: O × I × 1 × 1.
    return group === 1 && weight?.length === 4 && weight[2] === 1 && weight[3] === 1 && weight[1]! >= 128 && weight[0]! >= 240;
  }).map((node) => node.output![0]!);
}

/**
 * Quantises the convolutions named (by output) in `ranges`, in place; returns how many. Throws
 * when one of them is missing or not a convolution with constant weights: ranges measured on
 * another model must not be applied to this one.
 */
export function quantiseConvs(model: onnxProto.onnx.IModelProto, ranges: Readonly<Record<string, ConvRanges>>): number {
  const { quantised } = runPasses(model.graph!, [['quantised', quantisePass(ranges)]] as const);
  if (quantised === 0) return 0;
  const imports = model.opsetImport ?? (model.opsetImport = []);
  if (!imports.some((o) => o.domain === MS_DOMAIN)) imports.push({ domain: MS_DOMAIN, version: 1 });
  raiseToOpset10(model);
  return quantised;
}

/** Scale and zero point of a uint8 activation spanning `range` (and 0, which must stay exact). */
export function activationScale({ min, max }: ValueRange): { scale: number; zeroPoint: number } {
  const lo = Math.min(min, 0);
  const hi = Math.max(max, 0);
  const scale = Math.fround(hi > lo ? (hi - lo) / UINT8_MAX : 1);
  return { scale, zeroPoint: Math.min(UINT8_MAX, Math.max(0, Math.round(-lo / scale))) };
}

function quantisePass(ranges: Readonly<Record<string, ConvRanges>>): Pass {
  return (index, added) => {
    const nodes = index.graph.node ?? [];
    const byOutput = new Map(nodes.filter((n) => n.opType === 'Conv').map((n) => [n.output![0]!, n]));
    // One Quantize/Dequantize pair per activation, however many convolutions read it: the first
    // one's range sets its scale, which the others' biases then share.
    const dequantised = new Map<string, { name: string; scale: number }>();
    let count = 0;
    for (const [output, range] of Object.entries(ranges)) {
      const conv = byOutput.get(output);
      const weights = conv && index.weights(conv.input?.[1]);
      if (!conv || !weights) throw new Error(`no convolution with constant weights writes ${output}`);
      const x = conv.input![0]!;
      const before: Node[] = [];
      // An input that another quantised convolution writes is already its Dequantize's output
      // (named as its float output was, over the same range): reading it is the whole unit.
      const producer = ranges[x];
      if (producer !== undefined && byOutput.has(x)) dequantised.set(x, { name: x, scale: activationScale(producer.output).scale });
      if (!dequantised.has(x)) {
        const input = activationScale(range.input);
        const params = activationParams(`${x}.q`, input, added);
        before.push(msNode('QuantizeLinear', [x, ...params], `${x}.q`), msNode('DequantizeLinear', [`${x}.q`, ...params], `${x}.dq`));
        dequantised.set(x, { name: `${x}.dq`, scale: input.scale });
      }
      const input = dequantised.get(x)!;
      const { weightInputs, biasInputs } = quantisedWeights(index, conv, weights, input.scale, added);
      before.push(msNode('DequantizeLinear', weightInputs, `${output}.w_dq`, 0), msNode('DequantizeLinear', biasInputs, `${output}.b_dq`, 0));
      const raw = `${output}.float`;
      const outParams = activationParams(`${output}.q`, activationScale(range.output), added);
      const after = [msNode('QuantizeLinear', [raw, ...outParams], `${output}.q`), msNode('DequantizeLinear', [`${output}.q`, ...outParams], output)];
      conv.input = [input.name, `${output}.w_dq`, `${output}.b_dq`];
      conv.output = [raw];
      const at = nodes.indexOf(conv);
      nodes.splice(at, 1, ...before, conv, ...after);
      count++;
    }
    return count;
  };
}

function activationParams(name: string, { scale, zeroPoint }: { scale: number; zeroPoint: number }, added: Tensor[]): [string, string] {
  added.push(
    { name: `${name}_scale`, dims: [], dataType: onnx.TensorProto.DataType.FLOAT, rawData: new Uint8Array(Float32Array.of(scale).buffer) },
    { name: `${name}_zero_point`, dims: [], dataType: onnx.TensorProto.DataType.UINT8, rawData: Uint8Array.of(zeroPoint) },
  );
  return [`${name}_scale`, `${name}_zero_point`];
}

/** Per-channel int8 weights and their int32 bias, as Dequantize inputs (values, scales, zero points). */
function quantisedWeights(index: GraphIndex, conv: Node, weights: { shape: number[]; data: Float32Array }, inputScale: number, added: Tensor[]) {
  const output = conv.output![0]!;
  const channels = weights.shape[0]!;
  const perChannel = weights.data.length / channels;
  const bias = index.weights(conv.input?.[2])?.data ?? new Float32Array(channels);
  const q = new Int8Array(weights.data.length);
  const scales = new Float32Array(channels);
  const biasScales = new Float32Array(channels);
  const qBias = new Int32Array(channels);
  for (let c = 0; c < channels; c++) {
    let reach = 0;
    for (let k = 0; k < perChannel; k++) reach = Math.max(reach, Math.abs(weights.data[c * perChannel + k]!));
    scales[c] = reach > 0 ? reach / WEIGHT_REACH : 1;
    for (let k = 0; k < perChannel; k++) q[c * perChannel + k] = Math.round(weights.data[c * perChannel + k]! / scales[c]!);
    // QLinearConv adds the bias to its accumulator, whose scale is the input's times the weights'.
    biasScales[c] = inputScale * scales[c]!;
    qBias[c] = Math.round(bias[c]! / biasScales[c]!);
  }
  const name = (suffix: string): string => `${output}.${suffix}`;
  const DataType = onnx.TensorProto.DataType;
  added.push(
    { name: name('w_int8'), dims: weights.shape, dataType: DataType.INT8, rawData: new Uint8Array(q.buffer) },
    { name: name('w_scale'), dims: [channels], dataType: DataType.FLOAT, rawData: new Uint8Array(scales.buffer) },
    { name: name('w_zero_point'), dims: [channels], dataType: DataType.INT8, rawData: new Uint8Array(channels) },
    { name: name('b_int32'), dims: [channels], dataType: DataType.INT32, rawData: new Uint8Array(qBias.buffer) },
    { name: name('b_scale'), dims: [channels], dataType: DataType.FLOAT, rawData: new Uint8Array(biasScales.buffer) },
    { name: name('b_zero_point'), dims: [channels], dataType: DataType.INT32, rawData: new Uint8Array(4 * channels) },
  );
  return {
    weightInputs: [name('w_int8'), name('w_scale'), name('w_zero_point')],
    biasInputs: [name('b_int32'), name('b_scale'), name('b_zero_point')],
  };
}

function msNode(opType: 'QuantizeLinear' | 'DequantizeLinear', input: string[], output: string, axis?: number): Node {
  const attribute = axis === undefined ? [] : [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: axis }];
  return { opType, domain: MS_DOMAIN, name: output, input, output: [output], attribute };
}
