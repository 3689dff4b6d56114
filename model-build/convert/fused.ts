/**
 * The `fused_ops` of Grappler's fused kernels (_FusedConv2D, FusedDepthwiseConv2dNative,
 * _FusedMatMul): a BiasAdd, optionally followed by one activation.
 */
import { attrStrings, type TfNode } from './tfjs-model.js';
import { dataInputs, requireConstant, type ConvertContext } from './context.js';

/** Activations the fused kernels of the selected models use (see `npm run models -- ops`). */
const ACTIVATIONS = new Set(['Relu']);

/** The parsed fusion: the bias initializer (when fused) and the activation, if any. */
export interface Fusion {
  bias?: string;
  activation?: string;
}

/** Reads `fused_ops` of a fused node; plain (unfused) nodes give an empty fusion. */
export function parseFusion(node: TfNode, ctx: ConvertContext): Fusion {
  const ops = attrStrings(node, 'fused_ops');
  if (ops.length === 0) return {};
  if (ops[0] !== 'BiasAdd' || ops.length > 2 || (ops[1] !== undefined && !ACTIVATIONS.has(ops[1]))) {
    throw new Error(`${node.op} ${node.name}: unsupported fused_ops [${ops.join(', ')}]`);
  }
  const numArgs = dataInputs(node).length - 2;
  if (numArgs !== 1) throw new Error(`${node.op} ${node.name}: expected 1 fused argument, got ${numArgs}`);
  const bias = requireConstant(node, ctx, 2, 'bias');
  return { bias: ctx.graph.initializer(`${node.name}/bias`, bias), activation: ops[1] };
}

/** Applies the fused activation to `x`, writing into `output`; without one, returns `x`. */
export function applyActivation(ctx: ConvertContext, activation: string | undefined, x: string, output: string): string {
  if (activation === undefined) return x;
  return ctx.graph.node(activation, [x], output);
}
