/**
 * face-api.js's FaceRecognitionNet (dlib's face-recognition ResNet, ported with the weights dlib's
 * author trained) → ONNX. face-api ships it as bare weights (a weights manifest and one .bin), not
 * as a TF.js graph: its layers are written out in face-api's source
 * (src/faceRecognitionNet/FaceRecognitionNet.ts, residualLayer.ts, convLayer.ts), so this file
 * writes the same layers as ONNX nodes, in NCHW between one Transpose at the input and the
 * pooling at the end.
 *
 *   input [N,150,150,3] RGB 0..255
 *     → (x − mean RGB) / 255
 *     → conv 7×7/2 valid, 32 ─► max-pool 3×3/2 valid
 *     → 3 residual (32) → down + 3 residual (64) → down + 2 residual (128)
 *     → down + 2 residual (256) → down (256)
 *     → mean over H, W ─► × fc [256,128] → descriptor [N,128]
 *
 * Each convolution is conv + bias, then face-api's "scale" layer (× weights + biases, dlib's
 * affine layer that stands in for batch norm): the two are folded here into the convolution's
 * filters and bias, which changes nothing but rounding. A "down" block convolves 3×3/2 valid,
 * then 3×3 same; its shortcut is a 2×2/2 average pool with the channels doubled by zeros, and when
 * the strided branch comes out one pixel smaller than the pool (an even input side) the branch is
 * padded with a zero row and column at the bottom and right, as face-api concatenates them.
 */
import { OnnxGraph, encodeModel, opCounts, type ModelMeta } from './onnx-builder.js';
import type { ConvertedModel } from './convert.js';
import type { WeightsGroup } from './tfjs-model.js';
import { decodeWeights, type ConstTensor } from './weights.js';

/** The chip side the network was trained on (dlib's 150×150 face chips). */
export const CHIP_SIZE = 150;
/** face-api's mean RGB, subtracted before the division by 255. */
const MEAN_RGB = [122.782, 117.001, 104.298];
/** The graph's input and output names. */
export const FACE_RECOGNITION_IO = Object.freeze({ input: 'input', output: 'descriptor' });

/** The residual blocks in order: name, and whether it halves the resolution. */
const BLOCKS: ReadonlyArray<readonly [string, boolean]> = [
  ['conv32_1', false], ['conv32_2', false], ['conv32_3', false],
  ['conv64_down', true], ['conv64_1', false], ['conv64_2', false], ['conv64_3', false],
  ['conv128_down', true], ['conv128_1', false], ['conv128_2', false],
  ['conv256_down', true], ['conv256_1', false], ['conv256_2', false], ['conv256_down_out', true],
];

/** Shape of an NCHW value as the builder tracks it: channels and spatial side (square). */
interface Value {
  name: string;
  channels: number;
  side: number;
}

class Builder {
  readonly graph = new OnnxGraph();

  constructor(private readonly weights: Map<string, ConstTensor>) {}

  private weight(name: string): ConstTensor {
    const w = this.weights.get(name);
    if (!w) throw new Error(`face recognition net: no weight ${name}`);
    return w;
  }

  /** conv + bias + scale layer, folded; `stride` 2 is valid padding, 1 is same. */
  conv(x: Value, prefix: string, stride: 1 | 2, relu: boolean): Value {
    const filters = this.weight(`${prefix}/conv/filters`);
    const bias = this.weight(`${prefix}/conv/bias`).data;
    const scale = this.weight(`${prefix}/scale/weights`).data;
    const shift = this.weight(`${prefix}/scale/biases`).data;
    const [kh, kw, cin, cout] = filters.shape as [number, number, number, number];
    if (cin !== x.channels) throw new Error(`${prefix}: ${x.channels} input channels, filters expect ${cin}`);
    // HWIO → OIHW, each output channel's filter multiplied by its scale.
    const oihw = new Float32Array(filters.data.length);
    for (let h = 0; h < kh; h++)
      for (let w = 0; w < kw; w++)
        for (let i = 0; i < cin; i++)
          for (let o = 0; o < cout; o++) {
            oihw[((o * cin + i) * kh + h) * kw + w] = filters.data[((h * kw + w) * cin + i) * cout + o]! * scale[o]!;
          }
    const b = Float32Array.from(bias, (v, o) => v * scale[o]! + shift[o]!);
    const g = this.graph;
    const wName = g.initializer(`${prefix}/filters`, { dtype: 'float32', shape: [cout, cin, kh, kw], data: oihw });
    const bName = g.initializer(`${prefix}/bias`, { dtype: 'float32', shape: [cout], data: b });
    const same = stride === 1;
    const pad = same ? (kh - 1) / 2 : 0;
    let out = g.node('Conv', [x.name, wName, bName], g.unique(`${prefix}/conv`), {
      kernel_shape: { ints: [kh, kw] }, strides: { ints: [stride, stride] }, pads: { ints: [pad, pad, pad, pad] },
    });
    if (relu) out = g.node('Relu', [out], g.unique(`${prefix}/relu`));
    const side = same ? x.side : Math.floor((x.side - kh) / stride) + 1;
    return { name: out, channels: cout, side };
  }

  residual(x: Value, prefix: string): Value {
    const a = this.conv(x, `${prefix}/conv1`, 1, true);
    const b = this.conv(a, `${prefix}/conv2`, 1, false);
    const g = this.graph;
    const sum = g.node('Add', [b.name, x.name], g.unique(`${prefix}/add`));
    return { ...b, name: g.node('Relu', [sum], g.unique(`${prefix}/out`)) };
  }

  residualDown(x: Value, prefix: string): Value {
    const a = this.conv(x, `${prefix}/conv1`, 2, true);
    let b = this.conv(a, `${prefix}/conv2`, 1, false);
    const g = this.graph;
    let pooled: Value = {
      name: g.node('AveragePool', [x.name], g.unique(`${prefix}/pool`), { kernel_shape: { ints: [2, 2] }, strides: { ints: [2, 2] } }),
      channels: x.channels,
      side: Math.floor(x.side / 2),
    };
    if (b.side !== pooled.side) {
      if (b.side + 1 !== pooled.side) throw new Error(`${prefix}: branch ${b.side} px against shortcut ${pooled.side} px`);
      b = { ...b, name: this.pad(b.name, `${prefix}/pad_hw`, [0, 0, 0, 0, 0, 0, 1, 1]), side: b.side + 1 };
    }
    if (b.channels !== pooled.channels) {
      const extra = b.channels - pooled.channels;
      pooled = { ...pooled, name: this.pad(pooled.name, `${prefix}/pad_c`, [0, 0, 0, 0, 0, extra, 0, 0]), channels: b.channels };
    }
    const sum = g.node('Add', [pooled.name, b.name], g.unique(`${prefix}/add`));
    return { ...b, name: g.node('Relu', [sum], g.unique(`${prefix}/out`)) };
  }

  /** Zero padding; `pads` in ONNX order (all begins, then all ends) over NCHW. */
  private pad(x: string, name: string, pads: number[]): string {
    const g = this.graph;
    const p = g.initializer(`${name}/pads`, { dtype: 'int64', shape: [8], data: pads });
    return g.node('Pad', [x, p], g.unique(name));
  }
}

/** Builds the ONNX model from face-api's weights manifest and its joined .bin data, one buffer per group. */
export function convertFaceRecognitionNet(manifest: WeightsGroup[], groupData: Uint8Array[], name: string, meta: ModelMeta): ConvertedModel {
  const weights = decodeWeights(manifest, groupData);
  const b = new Builder(weights);
  const g = b.graph;
  const { input, output } = FACE_RECOGNITION_IO;
  g.reserve(input);
  g.reserve(output);

  const nchw = g.node('Transpose', [input], g.unique('input/nchw'), { perm: { ints: [0, 3, 1, 2] } });
  const mean = g.initializer('input/mean_rgb', { dtype: 'float32', shape: [1, 3, 1, 1], data: Float32Array.from(MEAN_RGB) });
  const divisor = g.initializer('input/divisor', { dtype: 'float32', shape: [], data: Float32Array.of(255) });
  const centred = g.node('Sub', [nchw, mean], g.unique('input/centred'));
  const scaled = g.node('Div', [centred, divisor], g.unique('input/scaled'));

  let x: Value = b.conv({ name: scaled, channels: 3, side: CHIP_SIZE }, 'conv32_down', 2, true);
  x = {
    ...x,
    name: g.node('MaxPool', [x.name], g.unique('conv32_down/pool'), { kernel_shape: { ints: [3, 3] }, strides: { ints: [2, 2] } }),
    side: Math.floor((x.side - 3) / 2) + 1,
  };
  for (const [block, down] of BLOCKS) x = down ? b.residualDown(x, block) : b.residual(x, block);

  const pooled = g.node('ReduceMean', [x.name], g.unique('global_avg'), { axes: { ints: [2, 3] }, keepdims: { i: 0 } });
  const fc = weights.get('fc');
  if (!fc || fc.shape[0] !== x.channels) throw new Error(`face recognition net: fc must be [${x.channels}, 128]`);
  g.node('MatMul', [pooled, g.initializer('fc', fc)], output);

  const inputs = [{ name: input, shape: [-1, CHIP_SIZE, CHIP_SIZE, 3] }];
  const outputs = [{ name: output, shape: [-1, fc.shape[1]!] }];
  const proto = g.model(name, inputs, outputs, meta);
  return { onnx: encodeModel(proto), inputs, outputs, onnxOps: opCounts(proto.graph!.node ?? []) };
}
