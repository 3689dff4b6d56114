/**
 * Ops that move data without computing: Identity, Reshape, Squeeze and Pad. Their shape-like
 * operands (int32 constants in TF.js) become int64 initializers, as ONNX requires.
 */
import { attrInts } from './tfjs-model.js';
import { dataInputs, normaliseAxes, requireConstant, type OpHandler } from './context.js';

const identity: OpHandler = (node, ctx) => {
  const x = dataInputs(node)[0]!;
  ctx.graph.node('Identity', [ctx.value(x)], ctx.outputName(node));
  ctx.setShape(node, ctx.shape(x));
};

/** Reshape with a constant target; a -1 is resolved when the input's size is static. */
const reshape: OpHandler = (node, ctx) => {
  const [x] = dataInputs(node) as [string];
  const target = Array.from(requireConstant(node, ctx, 1, 'shape').data);
  if (target.includes(0)) throw new Error(`Reshape ${node.name}: zero-sized dimensions are not supported`);
  const shapeName = ctx.graph.initializer(`${node.name}/shape`, { dtype: 'int64', shape: [target.length], data: target });
  ctx.graph.node('Reshape', [ctx.value(x), shapeName], ctx.outputName(node));
  const input = ctx.shape(x);
  const known = target.filter((d) => d !== -1).reduce((a, b) => a * b, 1);
  const total = input.some((d) => d < 0) ? -1 : input.reduce((a, b) => a * b, 1);
  ctx.setShape(node, target.map((d) => (d === -1 && total >= 0 ? total / known : d)));
};

/** Squeeze of the listed dims (or of every static 1 when none are listed). */
const squeeze: OpHandler = (node, ctx) => {
  const x = dataInputs(node)[0]!;
  const input = ctx.shape(x);
  const listed = normaliseAxes(attrInts(node, 'squeeze_dims'), input.length);
  const axes = listed.length > 0 ? listed : input.flatMap((d, i) => (d === 1 ? [i] : []));
  const axesName = ctx.graph.initializer(`${node.name}/axes`, { dtype: 'int64', shape: [axes.length], data: axes });
  ctx.graph.node('Squeeze', [ctx.value(x), axesName], ctx.outputName(node));
  ctx.setShape(node, input.filter((_, i) => !axes.includes(i)));
};

/** Pad with zeros; TF's [[before, after] per dim] becomes ONNX's [all befores, all afters]. */
const pad: OpHandler = (node, ctx) => {
  const x = dataInputs(node)[0]!;
  const p = Array.from(requireConstant(node, ctx, 1, 'paddings').data);
  const rank = p.length / 2;
  const before = p.filter((_, i) => i % 2 === 0);
  const after = p.filter((_, i) => i % 2 === 1);
  const pads = ctx.graph.initializer(`${node.name}/pads`, { dtype: 'int64', shape: [2 * rank], data: [...before, ...after] });
  ctx.graph.node('Pad', [ctx.value(x), pads], ctx.outputName(node), { mode: { s: 'constant' } });
  ctx.setShape(node, ctx.shape(x).map((d, i) => (d < 0 ? d : d + before[i]! + after[i]!)));
};

export const shapeOps: Record<string, OpHandler> = {
  Identity: identity,
  Reshape: reshape,
  Squeeze: squeeze,
  Pad: pad,
};
