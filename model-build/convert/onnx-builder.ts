/**
 * A small builder over the ONNX protobuf classes of `onnx-proto`: nodes, initializers and
 * value infos accumulate in a graph, which is then encoded as a ModelProto.
 */
import onnxProto from 'onnx-proto';
import type { ConstTensor } from './weights.js';

const { onnx } = onnxProto;

/** The opset the converter targets: ReduceMean keeps `axes` as an attribute, ReduceSum/Squeeze/Pad take inputs. */
export const OPSET = 13;
/** IR version 7 is the one ONNX 1.8 introduced for opset 13. */
const IR_VERSION = 7;

/** An attribute value, tagged with its ONNX type. */
export type AttrValue = { i: number } | { f: number } | { s: string } | { ints: number[] };

/** An int64 constant (shapes, axes, pads): ONNX wants int64 where TF.js stores int32. */
export interface Int64Tensor {
  dtype: 'int64';
  shape: number[];
  data: number[];
}

/** A graph input or output: name and NHWC shape, -1 for a dimension known only at run time. */
export interface ValueInfo {
  name: string;
  shape: number[];
}

/** Model-level metadata written into the ModelProto. */
export interface ModelMeta {
  producerName: string;
  producerVersion: string;
  docString: string;
  metadata: Record<string, string>;
}

function attribute(name: string, value: AttrValue): onnxProto.onnx.IAttributeProto {
  const T = onnx.AttributeProto.AttributeType;
  if ('i' in value) return { name, type: T.INT, i: value.i };
  if ('f' in value) return { name, type: T.FLOAT, f: value.f };
  if ('s' in value) return { name, type: T.STRING, s: Buffer.from(value.s, 'utf8') };
  return { name, type: T.INTS, ints: value.ints };
}

function tensorProto(name: string, t: ConstTensor | Int64Tensor): onnxProto.onnx.ITensorProto {
  const D = onnx.TensorProto.DataType;
  let raw: Uint8Array;
  let dataType: number;
  if (t.dtype === 'int64') {
    raw = new Uint8Array(BigInt64Array.from(t.data, (v) => BigInt(v)).buffer);
    dataType = D.INT64;
  } else {
    raw = new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
    dataType = t.dtype === 'float32' ? D.FLOAT : D.INT32;
  }
  return { name, dims: t.shape, dataType, rawData: raw };
}

function valueInfo(v: ValueInfo): onnxProto.onnx.IValueInfoProto {
  const dim = v.shape.map((d, i) => (d >= 0 ? { dimValue: d } : { dimParam: i === 0 ? 'batch' : `dim${i}` }));
  return { name: v.name, type: { tensorType: { elemType: onnx.TensorProto.DataType.FLOAT, shape: { dim } } } };
}

/** Accumulates the nodes and initializers of one graph and hands out unique value names. */
export class OnnxGraph {
  private readonly nodes: onnxProto.onnx.INodeProto[] = [];
  private readonly initializers: onnxProto.onnx.ITensorProto[] = [];
  private readonly used = new Set<string>();

  /** Returns `base` or `base_N`, never a name handed out before. */
  unique(base: string): string {
    let name = base;
    for (let n = 1; this.used.has(name); n++) name = `${base}_${n}`;
    this.used.add(name);
    return name;
  }

  /** Reserves names that must stay exactly as given (graph inputs and outputs). */
  reserve(name: string): void {
    if (this.used.has(name)) throw new Error(`value name ${name} is taken twice`);
    this.used.add(name);
  }

  /** Adds a constant and returns its (unique) value name. */
  initializer(base: string, t: ConstTensor | Int64Tensor): string {
    const name = this.unique(base);
    this.initializers.push(tensorProto(name, t));
    return name;
  }

  /** Adds a node; `output` must already be unique (from `unique` or `reserve`). Returns `output`. */
  node(opType: string, inputs: string[], output: string, attrs: Record<string, AttrValue> = {}): string {
    this.nodes.push({
      opType,
      input: inputs,
      output: [output],
      name: output,
      attribute: Object.entries(attrs).map(([k, v]) => attribute(k, v)),
    });
    return output;
  }

  /** The graph as a ModelProto, to rewrite (optimise/fold.ts) and encode. */
  model(name: string, inputs: ValueInfo[], outputs: ValueInfo[], meta: ModelMeta): onnxProto.onnx.IModelProto {
    return {
      irVersion: IR_VERSION,
      opsetImport: [{ domain: '', version: OPSET }],
      producerName: meta.producerName,
      producerVersion: meta.producerVersion,
      docString: meta.docString,
      metadataProps: Object.entries(meta.metadata).map(([key, value]) => ({ key, value })),
      graph: {
        name,
        node: this.nodes,
        initializer: this.initializers,
        input: inputs.map(valueInfo),
        output: outputs.map(valueInfo),
      },
    };
  }
}

/** Number of nodes per ONNX op type, for reports. */
export function opCounts(nodes: readonly onnxProto.onnx.INodeProto[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const n of nodes) counts[n.opType!] = (counts[n.opType!] ?? 0) + 1;
  return counts;
}

/** Encodes a ModelProto. */
export function encodeModel(model: onnxProto.onnx.IModelProto): Uint8Array {
  return onnx.ModelProto.encode(model).finish();
}
