/**
 * What an op handler sees while converting one TF node: the graph being built, the ONNX value
 * and static shape of each TF tensor, and the constant behind an input when there is one.
 */
import type { OnnxGraph } from './onnx-builder.js';
import type { TfNode } from './tfjs-model.js';
import type { ConstTensor } from './weights.js';

/** Shape of a tensor in TF (NHWC) order; -1 marks a dimension known only at run time. */
export type Shape = number[];

export interface ConvertContext {
  readonly graph: OnnxGraph;
  /** ONNX value name of a TF tensor reference (a Const becomes an initializer on first use). */
  value(ref: string): string;
  /** Static shape of a TF tensor reference. */
  shape(ref: string): Shape;
  /** The constant behind a TF tensor reference, or undefined when it is computed. */
  constant(ref: string): ConstTensor | undefined;
  /** ONNX name to give the value that stands for `node`'s output (reserved graph outputs kept). */
  outputName(node: TfNode): string;
  /** Records the shape of `node`'s output, once its ONNX value has been emitted under outputName. */
  setShape(node: TfNode, shape: Shape): void;
}

/** Converts one TF node into ONNX nodes whose last output is `ctx.outputName(node)`. */
export type OpHandler = (node: TfNode, ctx: ConvertContext) => void;

/** The data inputs of a node (control dependencies `^name` dropped). */
export function dataInputs(node: TfNode): string[] {
  return (node.input ?? []).filter((i) => !i.startsWith('^'));
}

/** The constant behind input `index` of `node`; throws when the converter needs it static. */
export function requireConstant(node: TfNode, ctx: ConvertContext, index: number, what: string): ConstTensor {
  const ref = dataInputs(node)[index];
  const c = ref === undefined ? undefined : ctx.constant(ref);
  if (!c) throw new Error(`${node.op} ${node.name}: ${what} (input ${index}) must be a constant`);
  return c;
}

/** Numpy/TF broadcasting of two static shapes (-1 stays -1 unless the other side fixes it). */
export function broadcastShapes(a: Shape, b: Shape): Shape {
  const rank = Math.max(a.length, b.length);
  const out: Shape = [];
  for (let i = 0; i < rank; i++) {
    const x = a[a.length - rank + i] ?? 1;
    const y = b[b.length - rank + i] ?? 1;
    if (x === 1) out.push(y);
    else if (y === 1 || x === y) out.push(x);
    else if (x === -1 || y === -1) out.push(Math.max(x, y));
    else throw new Error(`shapes [${a}] and [${b}] do not broadcast`);
  }
  return out;
}

/** Normalises possibly negative axes against a rank. */
export function normaliseAxes(axes: ArrayLike<number>, rank: number): number[] {
  return Array.from(axes, (a) => (a < 0 ? a + rank : a));
}
