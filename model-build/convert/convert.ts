/**
 * TF.js graph model → ONNX ModelProto.
 *
 *   model.json + shards ──readTfjsModel──▶ nodes, weights (dequantised)
 *        │ outputs: signature, else the graph's leaves; walk back to the Placeholders
 *        ▼
 *   each reachable node, inputs first ──OPS[op]──▶ ONNX nodes (+ initializers, static shapes)
 *        ▼
 *   ModelProto (opset 13), inputs/outputs named and shaped as in TF.js (NHWC)
 */
import { foldClamps } from '../optimise/fold.js';
import { OnnxGraph, encodeModel, opCounts, type ModelMeta, type ValueInfo } from './onnx-builder.js';
import { parseTensorRef, shapeDims, type TfjsModel, type TfNode } from './tfjs-model.js';
import { decodeWeights, type ConstTensor } from './weights.js';
import { dataInputs, type ConvertContext, type OpHandler, type Shape } from './context.js';
import { convOps } from './ops-conv.js';
import { mathOps } from './ops-math.js';
import { shapeOps } from './ops-shape.js';

/** Every op the converter translates, keyed by TF op name. */
export const OPS: Readonly<Record<string, OpHandler>> = Object.freeze({ ...convOps, ...mathOps, ...shapeOps });

/** Ops that carry no computation: graph inputs and constants. */
const SOURCE_OPS = new Set(['Placeholder', 'Const']);

/** The result of a conversion: the serialized model and its interface. */
export interface ConvertedModel {
  onnx: Uint8Array;
  inputs: ValueInfo[];
  outputs: ValueInfo[];
  /** ONNX node count per op type. */
  onnxOps: Record<string, number>;
}

/** Output tensors as TF.js's GraphModel picks them: the signature's, else the nodes nobody consumes. */
export function graphOutputs(model: TfjsModel): string[] {
  const sig = model.json.signature?.outputs;
  if (sig && Object.keys(sig).length > 0) return Object.entries(sig).map(([key, e]) => e.name ?? key);
  const consumed = new Set<string>();
  for (const n of model.json.modelTopology.node) for (const i of n.input ?? []) consumed.add(parseTensorRef(i.replace(/^\^/, '')).node);
  return model.json.modelTopology.node.filter((n) => !consumed.has(n.name) && !SOURCE_OPS.has(n.op)).map((n) => n.name);
}

/** Nodes reachable backwards from `outputs`, each after its inputs. */
function topoOrder(byName: Map<string, TfNode>, outputs: string[]): TfNode[] {
  const order: TfNode[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): void => {
    const node = byName.get(name);
    if (!node) throw new Error(`node ${name} is referenced but not defined`);
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`cycle through ${name}`);
    state.set(name, 'visiting');
    for (const ref of dataInputs(node)) visit(parseTensorRef(ref).node);
    state.set(name, 'done');
    order.push(node);
  };
  for (const out of outputs) visit(parseTensorRef(out).node);
  return order;
}

/** Converts a graph model; throws listing every op it does not cover. */
export function convertGraphModel(model: TfjsModel, name: string, meta: ModelMeta): ConvertedModel {
  const byName = new Map(model.json.modelTopology.node.map((n) => [n.name, n]));
  const weights = decodeWeights(model.json.weightsManifest, model.groupData);
  const outputRefs = graphOutputs(model);
  const order = topoOrder(byName, outputRefs);
  const missing = [...new Set(order.map((n) => n.op).filter((op) => !SOURCE_OPS.has(op) && !OPS[op]))];
  if (missing.length > 0) throw new Error(`${name}: unsupported ops ${missing.sort().join(', ')}`);

  const graph = new OnnxGraph();
  const values = new Map<string, string>();
  const shapes = new Map<string, Shape>();
  const outputNames = new Set(outputRefs.map((r) => parseTensorRef(r).node));
  outputNames.forEach((n) => graph.reserve(n));

  const inputs: ValueInfo[] = order.filter((n) => n.op === 'Placeholder').map((n) => {
    const shape = shapeDims(n.attr?.shape?.shape);
    graph.reserve(n.name);
    values.set(n.name, n.name);
    shapes.set(n.name, shape);
    return { name: n.name, shape };
  });

  const nodeOf = (ref: string): TfNode => {
    const { node, index } = parseTensorRef(ref);
    if (index !== 0) throw new Error(`output ${index} of ${node} is not supported`);
    return byName.get(node)!;
  };
  const constantOf = (node: TfNode): ConstTensor | undefined => {
    if (node.op !== 'Const') return undefined;
    const c = weights.get(node.name);
    if (!c) throw new Error(`Const ${node.name} has no entry in weightsManifest`);
    return c;
  };
  const ctx: ConvertContext = {
    graph,
    value(ref) {
      const node = nodeOf(ref);
      let v = values.get(node.name);
      if (v === undefined) {
        const c = constantOf(node);
        if (!c) throw new Error(`${node.name} is used before it is converted`);
        v = graph.initializer(node.name, c);
        values.set(node.name, v);
      }
      return v;
    },
    shape(ref) {
      const node = nodeOf(ref);
      const s = constantOf(node)?.shape ?? shapes.get(node.name);
      if (!s) throw new Error(`${node.name} has no known shape`);
      return s;
    },
    constant: (ref) => constantOf(nodeOf(ref)),
    outputName(node) {
      let v = values.get(node.name);
      if (v === undefined) {
        v = outputNames.has(node.name) ? node.name : graph.unique(node.name);
        values.set(node.name, v);
      }
      return v;
    },
    setShape: (node, shape) => void shapes.set(node.name, shape),
  };

  for (const node of order) {
    if (SOURCE_OPS.has(node.op)) continue;
    OPS[node.op]!(node, ctx);
    if (!shapes.has(node.name)) throw new Error(`${node.op} ${node.name}: handler set no shape`);
  }
  const outputs = [...outputNames].map((n) => ({ name: n, shape: shapes.get(n)! }));
  const proto = graph.model(name, inputs, outputs, meta);
  // TF's clip_by_value (ReLU6) becomes one Clip, which onnxruntime fuses into its convolution.
  foldClamps(proto.graph!);
  return { onnx: encodeModel(proto), inputs, outputs, onnxOps: opCounts(proto.graph!.node ?? []) };
}
