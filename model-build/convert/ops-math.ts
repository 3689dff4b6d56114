/**
 * Element-wise arithmetic, activations, reductions and matrix products. These are layout-blind,
 * so they run on the NHWC tensors unchanged; only shapes are tracked.
 */
import { attrBool, type TfNode } from './tfjs-model.js';
import {
  broadcastShapes, dataInputs, normaliseAxes, requireConstant, type ConvertContext, type OpHandler,
} from './context.js';
import { applyActivation, parseFusion } from './fused.js';

/** TF binary op → ONNX op; both broadcast the same (numpy) way. */
function binary(onnxOp: string): OpHandler {
  return (node, ctx) => {
    const [a, b] = dataInputs(node) as [string, string];
    ctx.graph.node(onnxOp, [ctx.value(a), ctx.value(b)], ctx.outputName(node));
    ctx.setShape(node, broadcastShapes(ctx.shape(a), ctx.shape(b)));
  };
}

/** TF unary op → ONNX op of the same meaning, shape unchanged. */
function unary(onnxOp: string): OpHandler {
  return (node, ctx) => {
    const x = dataInputs(node)[0]!;
    ctx.graph.node(onnxOp, [ctx.value(x)], ctx.outputName(node));
    ctx.setShape(node, ctx.shape(x));
  };
}

/** Square(x) = x·x: ONNX has no Square. */
const square: OpHandler = (node, ctx) => {
  const x = dataInputs(node)[0]!;
  ctx.graph.node('Mul', [ctx.value(x), ctx.value(x)], ctx.outputName(node));
  ctx.setShape(node, ctx.shape(x));
};

/** Rsqrt(x) = 1/√x: ONNX has no Rsqrt. */
const rsqrt: OpHandler = (node, ctx) => {
  const x = dataInputs(node)[0]!;
  const root = ctx.graph.node('Sqrt', [ctx.value(x)], ctx.graph.unique(`${node.name}/sqrt`));
  ctx.graph.node('Reciprocal', [root], ctx.outputName(node));
  ctx.setShape(node, ctx.shape(x));
};

/** Softmax over the last axis (TF's only choice); opset 13 Softmax normalises along one axis. */
const softmax: OpHandler = (node, ctx) => {
  const x = dataInputs(node)[0]!;
  ctx.graph.node('Softmax', [ctx.value(x)], ctx.outputName(node), { axis: { i: -1 } });
  ctx.setShape(node, ctx.shape(x));
};

/** Reduced shape: the axes dropped, or kept as 1 with keep_dims. */
function reducedShape(node: TfNode, ctx: ConvertContext): { axes: number[]; keep: boolean; shape: number[] } {
  const input = ctx.shape(dataInputs(node)[0]!);
  const axes = normaliseAxes(requireConstant(node, ctx, 1, 'reduction axes').data, input.length);
  const keep = attrBool(node, 'keep_dims');
  const shape = keep ? input.map((d, i) => (axes.includes(i) ? 1 : d)) : input.filter((_, i) => !axes.includes(i));
  return { axes, keep, shape };
}

/** Mean → ReduceMean (axes are an attribute up to opset 17). */
const mean: OpHandler = (node, ctx) => {
  const r = reducedShape(node, ctx);
  ctx.graph.node('ReduceMean', [ctx.value(dataInputs(node)[0]!)], ctx.outputName(node), {
    axes: { ints: r.axes }, keepdims: { i: r.keep ? 1 : 0 },
  });
  ctx.setShape(node, r.shape);
};

/** Sum → ReduceSum (axes are an input from opset 13). */
const sum: OpHandler = (node, ctx) => {
  const r = reducedShape(node, ctx);
  const axes = ctx.graph.initializer(`${node.name}/axes`, { dtype: 'int64', shape: [r.axes.length], data: r.axes });
  ctx.graph.node('ReduceSum', [ctx.value(dataInputs(node)[0]!), axes], ctx.outputName(node), { keepdims: { i: r.keep ? 1 : 0 } });
  ctx.setShape(node, r.shape);
};

/** MatMul and _FusedMatMul (BiasAdd + activation) → Gemm, which takes the transposes and bias. */
const matMul: OpHandler = (node, ctx) => {
  const g = ctx.graph;
  const [a, b] = dataInputs(node) as [string, string];
  const sa = ctx.shape(a);
  const sb = ctx.shape(b);
  if (sa.length !== 2 || sb.length !== 2) throw new Error(`${node.op} ${node.name}: only 2-D operands are supported`);
  const transA = attrBool(node, 'transpose_a');
  const transB = attrBool(node, 'transpose_b');
  const fusion = parseFusion(node, ctx);
  const inputs = [ctx.value(a), ctx.value(b)];
  if (fusion.bias) inputs.push(fusion.bias);
  const attrs = { transA: { i: transA ? 1 : 0 }, transB: { i: transB ? 1 : 0 } };
  const out = ctx.outputName(node);
  const gemm = g.node('Gemm', inputs, fusion.activation ? g.unique(`${node.name}/gemm`) : out, attrs);
  applyActivation(ctx, fusion.activation, gemm, out);
  ctx.setShape(node, [transA ? sa[1]! : sa[0]!, transB ? sb[0]! : sb[1]!]);
};

export const mathOps: Record<string, OpHandler> = {
  Add: binary('Add'),
  AddV2: binary('Add'),
  Sub: binary('Sub'),
  Mul: binary('Mul'),
  Maximum: binary('Max'),
  Minimum: binary('Min'),
  Relu: unary('Relu'),
  Sigmoid: unary('Sigmoid'),
  Abs: unary('Abs'),
  Square: square,
  Rsqrt: rsqrt,
  Softmax: softmax,
  Mean: mean,
  Sum: sum,
  MatMul: matMul,
  _FusedMatMul: matMul,
};
