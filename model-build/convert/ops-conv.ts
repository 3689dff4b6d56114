/**
 * Convolutions and pooling. TF.js graphs are NHWC and ONNX Conv/MaxPool are NCHW, so each such
 * op is wrapped in Transposes (NHWC→NCHW before, back after) and the graph keeps TF's layout
 * everywhere else; onnxruntime's transpose optimiser cancels the back-to-back pairs this leaves.
 *
 * Filters are re-laid at conversion time: Conv2D HWIO → OIHW; depthwise HWCM → (C·M)1HW with
 * group = C, which keeps TF's output-channel order c·M + m.
 */
import { attrInts, attrString, type TfNode } from './tfjs-model.js';
import { dataInputs, requireConstant, type ConvertContext, type OpHandler, type Shape } from './context.js';
import { applyActivation, parseFusion } from './fused.js';
import type { AttrValue } from './onnx-builder.js';
import type { ConstTensor } from './weights.js';

const TO_NCHW = [0, 3, 1, 2];
const TO_NHWC = [0, 2, 3, 1];

/** Permutes a 4-D constant: out[dims permuted by perm] = in. */
function permute4(t: ConstTensor, perm: number[]): ConstTensor {
  const s = t.shape;
  const outShape = perm.map((p) => s[p]!);
  const stride = [s[1]! * s[2]! * s[3]!, s[2]! * s[3]!, s[3]!, 1];
  const out = new Float32Array(t.data.length);
  const src = t.data;
  let o = 0;
  const [p0, p1, p2, p3] = perm as [number, number, number, number];
  for (let a = 0; a < outShape[0]!; a++)
    for (let b = 0; b < outShape[1]!; b++)
      for (let c = 0; c < outShape[2]!; c++)
        for (let d = 0; d < outShape[3]!; d++) {
          out[o++] = src[a * stride[p0]! + b * stride[p1]! + c * stride[p2]! + d * stride[p3]!]!;
        }
  return { dtype: 'float32', shape: outShape, data: out };
}

/** Spatial geometry of a window op: kernel, strides, dilations and the resolved padding. */
interface Window {
  kernel: [number, number];
  strides: [number, number];
  dilations: [number, number];
  /** Explicit ONNX pads [top, left, bottom, right], or auto_pad when the input size is unknown. */
  pads: number[] | 'SAME_UPPER';
  outHW: [number, number];
}

/**
 * Resolves TF padding for NHWC input `shape`. SAME puts the odd pixel at the end (bottom/right),
 * which is ONNX's SAME_UPPER; explicit pads are computed when the spatial size is static.
 */
function window(node: TfNode, shape: Shape, kernel: [number, number]): Window {
  if ((attrString(node, 'data_format') ?? 'NHWC') !== 'NHWC') {
    throw new Error(`${node.op} ${node.name}: only NHWC data_format is supported`);
  }
  const s = attrInts(node, 'strides');
  const d = attrInts(node, 'dilations');
  const strides: [number, number] = [s[1] ?? 1, s[2] ?? 1];
  const dilations: [number, number] = [d[1] ?? 1, d[2] ?? 1];
  const inHW = [shape[1]!, shape[2]!];
  const padding = attrString(node, 'padding');
  const effective = kernel.map((k, i) => (k - 1) * dilations[i]! + 1);
  let pads: number[] | 'SAME_UPPER';
  if (padding === 'VALID') pads = [0, 0, 0, 0];
  else if (padding === 'EXPLICIT') {
    const e = attrInts(node, 'explicit_paddings'); // NHWC pairs: [n0,n1,h0,h1,w0,w1,c0,c1]
    pads = [e[2] ?? 0, e[4] ?? 0, e[3] ?? 0, e[5] ?? 0];
  } else if (padding === 'SAME') {
    if (inHW.some((v) => v < 0)) pads = 'SAME_UPPER';
    else {
      const total = inHW.map((v, i) => Math.max((Math.ceil(v / strides[i]!) - 1) * strides[i]! + effective[i]! - v, 0));
      const before = total.map((t) => Math.floor(t / 2));
      pads = [before[0]!, before[1]!, total[0]! - before[0]!, total[1]! - before[1]!];
    }
  } else throw new Error(`${node.op} ${node.name}: unsupported padding ${padding}`);
  const outHW = inHW.map((v, i) => {
    if (v < 0) return -1;
    if (pads === 'SAME_UPPER') return Math.ceil(v / strides[i]!);
    return Math.floor((v + pads[i]! + pads[i + 2]! - effective[i]!) / strides[i]!) + 1;
  }) as [number, number];
  return { kernel, strides, dilations, pads, outHW };
}

function windowAttrs(w: Window): Record<string, AttrValue> {
  const attrs: Record<string, AttrValue> = { kernel_shape: { ints: w.kernel }, strides: { ints: w.strides } };
  if (w.pads === 'SAME_UPPER') attrs.auto_pad = { s: 'SAME_UPPER' };
  else attrs.pads = { ints: w.pads };
  return attrs;
}

/** Wraps an NCHW op between Transposes; `emit` gets the NCHW input and returns the NCHW result. */
function inNchw(node: TfNode, ctx: ConvertContext, emit: (nchw: string) => string): void {
  const g = ctx.graph;
  const x = g.node('Transpose', [ctx.value(dataInputs(node)[0]!)], g.unique(`${node.name}/nchw`), { perm: { ints: TO_NCHW } });
  g.node('Transpose', [emit(x)], ctx.outputName(node), { perm: { ints: TO_NHWC } });
}

/** Conv2D and DepthwiseConv2dNative, plain or fused with BiasAdd and an activation. */
function conv(depthwise: boolean): OpHandler {
  return (node, ctx) => {
    const g = ctx.graph;
    const filter = requireConstant(node, ctx, 1, 'filter');
    const [kh, kw, cin, m] = filter.shape as [number, number, number, number];
    const input = ctx.shape(dataInputs(node)[0]!);
    const w = window(node, input, [kh, kw]);
    if (input[3] !== undefined && input[3] >= 0 && input[3] !== cin) {
      throw new Error(`${node.op} ${node.name}: ${input[3]} input channels, filter expects ${cin}`);
    }
    const attrs = windowAttrs(w);
    let weights: ConstTensor;
    let cout: number;
    if (depthwise) {
      // HWCM → CMHW, then (C·M) output channels of one input channel each.
      weights = permute4(filter, [2, 3, 0, 1]);
      weights.shape = [cin * m, 1, kh, kw];
      attrs.group = { i: cin };
      cout = cin * m;
    } else {
      weights = permute4(filter, [3, 2, 0, 1]);
      cout = m;
    }
    attrs.dilations = { ints: w.dilations };
    const fusion = parseFusion(node, ctx);
    const wName = g.initializer(`${node.name}/weights_oihw`, weights);
    inNchw(node, ctx, (x) => {
      const convOut = g.node('Conv', fusion.bias ? [x, wName, fusion.bias] : [x, wName], g.unique(`${node.name}/conv`), attrs);
      return applyActivation(ctx, fusion.activation, convOut, g.unique(`${node.name}/act`));
    });
    ctx.setShape(node, [input[0]!, w.outHW[0], w.outHW[1], cout]);
  };
}

/** MaxPool: TF ignores padded cells in the max, as ONNX MaxPool does. */
const maxPool: OpHandler = (node, ctx) => {
  const k = attrInts(node, 'ksize');
  if ((k[0] ?? 1) !== 1 || (k[3] ?? 1) !== 1) throw new Error(`MaxPool ${node.name}: pooling over batch or channels`);
  const input = ctx.shape(dataInputs(node)[0]!);
  const w = window(node, input, [k[1]!, k[2]!]);
  inNchw(node, ctx, (x) => ctx.graph.node('MaxPool', [x], ctx.graph.unique(`${node.name}/pool`), windowAttrs(w)));
  ctx.setShape(node, [input[0]!, w.outHW[0], w.outHW[1], input[3]!]);
};

export const convOps: Record<string, OpHandler> = {
  Conv2D: conv(false),
  _FusedConv2D: conv(false),
  DepthwiseConv2dNative: conv(true),
  FusedDepthwiseConv2dNative: conv(true),
  MaxPool: maxPool,
};
