/**
 * Narrows a classifier whose output is Softmax(x·W + b) to some of its classes, by keeping only
 * their columns of W and b. The recogniser's head projects 120 features onto 6625 classes (blank,
 * 6623 dictionary characters, space), while the document readers decode some 150 of them: the
 * narrowed head saves the projection and softmax over the rest (6 to 10 % of the recogniser's
 * time) and the worker no longer copies out, walks and collects ~20 MB of probabilities a front.
 *
 * The softmax then runs over the kept classes only, so each probability is the source's divided
 * by the kept classes' total: P(class | the class is one of those kept). A decoder that picks the
 * likeliest kept class at each step picks the same one as before.
 */
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;
type Graph = onnxProto.onnx.IGraphProto;
type Node = onnxProto.onnx.INodeProto;
type Tensor = onnxProto.onnx.ITensorProto;

function int(v: number | { toString(): string }): number {
  return typeof v === 'number' ? v : Number(v.toString());
}

/** A constant's tensor (initializer or Constant node) and how to replace it. */
function constant(graph: Graph, name: string | undefined): { tensor: Tensor; replace(t: Tensor): void } | undefined {
  const initializers = graph.initializer ?? [];
  const at = initializers.findIndex((t) => t.name === name);
  if (at >= 0) return { tensor: initializers[at]!, replace: (t) => { initializers[at] = t; } };
  const node = (graph.node ?? []).find((n) => n.opType === 'Constant' && n.output?.[0] === name);
  const value = node?.attribute?.find((a) => a.name === 'value');
  return value?.t ? { tensor: value.t, replace: (t) => { value.t = t; } } : undefined;
}

function floats(t: Tensor): Float32Array {
  if (t.dataType !== onnx.TensorProto.DataType.FLOAT) throw new Error(`${t.name} is not float32`);
  // A copy: the decoder's bytes are a view into the model's buffer, at any alignment.
  return t.rawData && t.rawData.length > 0 ? new Float32Array(Uint8Array.prototype.slice.call(t.rawData).buffer) : Float32Array.from(t.floatData ?? []);
}

function producer(graph: Graph, value: string | undefined): Node | undefined {
  return (graph.node ?? []).find((n) => n.output?.includes(value ?? ''));
}

/** Keeps the columns `classes` (in that order) of the graph's Softmax(MatMul(x, W) + b) output, in place. */
export function keepClasses(graph: Graph, classes: readonly number[]): void {
  const outputs = graph.output ?? [];
  if (outputs.length !== 1) throw new Error(`expected a graph with one output, found ${outputs.length}`);
  const softmax = producer(graph, outputs[0]!.name!);
  const add = softmax?.opType === 'Softmax' ? producer(graph, softmax.input?.[0]) : undefined;
  const matMul = add?.opType === 'Add' ? producer(graph, add.input?.[0]) : undefined;
  const weights = matMul?.opType === 'MatMul' ? constant(graph, matMul.input?.[1]) : undefined;
  const bias = add ? constant(graph, add.input?.[1]) : undefined;
  if (!weights || !bias) throw new Error('the output is not Softmax(MatMul(x, W) + b) with constant W and b');
  const readers = (name: string | null | undefined) => (graph.node ?? []).filter((n) => n.input?.includes(name ?? '')).length;
  if (readers(weights.tensor.name) !== 1 || readers(bias.tensor.name) !== 1) throw new Error('the head\'s weights are read elsewhere too');
  const [features, total] = (weights.tensor.dims ?? []).map(int) as [number, number];
  const w = floats(weights.tensor);
  const b = floats(bias.tensor);
  if (b.length !== total || w.length !== features * total) throw new Error('the head\'s weights and bias disagree on the classes');
  if (classes.some((k) => !Number.isInteger(k) || k < 0 || k >= total)) throw new Error(`a class outside 0…${total - 1}`);
  const keptW = new Float32Array(features * classes.length);
  for (let f = 0; f < features; f++) classes.forEach((k, c) => { keptW[f * classes.length + c] = w[f * total + k]!; });
  const tensor = (name: string, dims: number[], data: Float32Array): Tensor =>
    ({ name, dims, dataType: onnx.TensorProto.DataType.FLOAT, rawData: new Uint8Array(data.buffer) });
  weights.replace(tensor(weights.tensor.name!, [features, classes.length], keptW));
  bias.replace(tensor(bias.tensor.name!, [classes.length], Float32Array.from(classes, (k) => b[k]!)));
  // The class axis is now as long as the list kept; the other axes stay as they were.
  const shape = outputs[0]!.type?.tensorType?.shape?.dim;
  if (shape && shape.length > 0) shape[shape.length - 1] = { dimValue: classes.length };
}
