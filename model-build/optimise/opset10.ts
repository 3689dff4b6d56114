/**
 * Raises a model's default-domain opset to 10 when it is below. onnxruntime fuses the QDQ units
 * of quantise.ts into the standard QLinearConv, which exists from opset 10, and refuses the fused
 * graph of an opset-9 model (the PP-OCR exports are opset 9).
 *
 * Of the opset-9 ops that opset 10 redefined, Slice changes form (its starts, ends and axes move
 * from attributes to int64 inputs), which this rewrites. AveragePool and MaxPool only gain
 * attributes whose defaults keep their meaning. Upsample, TopK and Dropout change in ways not
 * rewritten here, and stop the raise rather than being guessed at. (Ops new at 10 cannot be in an
 * opset-9 model.)
 */
import onnxProto from 'onnx-proto';
import { int } from './fold.js';

const { onnx } = onnxProto;
type Node = onnxProto.onnx.INodeProto;

/** Ops whose opset-10 definition differs from opset 9's in a way this file does not rewrite. */
const CHANGED_AT_10 = new Set(['Upsample', 'TopK', 'Dropout']);

export function raiseToOpset10(model: onnxProto.onnx.IModelProto): void {
  const imports = model.opsetImport ?? (model.opsetImport = []);
  const standard = imports.find((o) => (o.domain ?? '') === '');
  if (!standard) throw new Error('the model imports no default-domain opset');
  if (int(standard.version ?? 0) >= 10) return;
  const graph = model.graph!;
  const blocking = (graph.node ?? []).find((n) => (n.domain ?? '') === '' && CHANGED_AT_10.has(n.opType ?? ''));
  if (blocking) throw new Error(`cannot raise to opset 10: ${blocking.opType} changed there`);
  for (const node of graph.node ?? []) {
    if (node.opType === 'Slice' && (node.domain ?? '') === '') sliceToInputs(graph, node);
  }
  standard.version = 10;
}

/** Slice-1's attributes as Slice-10's constant inputs. */
function sliceToInputs(graph: onnxProto.onnx.IGraphProto, node: Node): void {
  const values = (name: string): number[] | undefined => node.attribute?.find((a) => a.name === name)?.ints?.map(int);
  const starts = values('starts');
  const ends = values('ends');
  if (!starts || !ends) throw new Error(`Slice ${node.name} has no starts or ends`);
  const axes = values('axes') ?? starts.map((_, i) => i);
  const name = node.name || node.output![0]!;
  const inputs = ([['starts', starts], ['ends', ends], ['axes', axes]] as const).map(([part, list]) => {
    const tensor = `${name}.${part}`;
    graph.initializer!.push({ name: tensor, dims: [list.length], dataType: onnx.TensorProto.DataType.INT64, rawData: new Uint8Array(BigInt64Array.from(list, BigInt).buffer) });
    return tensor;
  });
  node.input = [node.input![0]!, ...inputs];
  node.attribute = [];
}
