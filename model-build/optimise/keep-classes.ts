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
 *
 * With a trained head (weights and bias for exactly the kept classes: PP-OCRv6 small's Latin head,
 * pipeline/ocr/model-files.ts), the kept columns are those instead of the source's.
 *
 * It is a pass of fold.ts's graph rewriting: the narrowed weights are new constants, and the
 * source's, which nothing reads any more, are pruned. Identity nodes between the three are looked
 * through: PP-OCRv6's export (Paddle2ONNX 2.x) writes one after each Add, the Softmax reading
 * Identity(MatMul(x, W) + b).
 */
import type onnxProto from 'onnx-proto';
import { floatTensor, runPasses, type Pass } from './fold.js';
import type { TrainedHead } from '../../pipeline/ocr/optimisation.js';

export type { TrainedHead } from '../../pipeline/ocr/optimisation.js';

/**
 * Keeps the columns `classes` (in that order) of the graph's Softmax(MatMul(x, W) + b) output, in
 * place, or puts `trained` in their place.
 */
export function keepClasses(graph: onnxProto.onnx.IGraphProto, classes: readonly number[], trained?: TrainedHead): void {
  runPasses(graph, [['head', narrowHead(classes, trained)]] as const);
}

function narrowHead(classes: readonly number[], trained: TrainedHead | undefined): Pass {
  return (index, added) => {
    const outputs = index.graph.output ?? [];
    if (outputs.length !== 1) throw new Error(`expected a graph with one output, found ${outputs.length}`);
    // The node that computes a value, looking through Identity nodes.
    const producer = (value: string | undefined): onnxProto.onnx.INodeProto | undefined => {
      let node = index.producer.get(value ?? '');
      while (node?.opType === 'Identity') node = index.producer.get(node.input?.[0] ?? '');
      return node;
    };
    const softmax = producer(outputs[0]!.name!);
    const add = softmax?.opType === 'Softmax' ? producer(softmax.input?.[0]) : undefined;
    const matMul = add?.opType === 'Add' ? producer(add.input?.[0]) : undefined;
    const weights = matMul?.opType === 'MatMul' ? index.weights(matMul.input?.[1]) : undefined;
    const bias = add ? index.weights(add.input?.[1]) : undefined;
    if (!matMul || !add || !weights || !bias) throw new Error('the output is not Softmax(MatMul(x, W) + b) with constant W and b');
    const [features, total] = weights.shape as [number, number];
    if (bias.data.length !== total || weights.data.length !== features * total) throw new Error('the head\'s weights and bias disagree on the classes');
    if (classes.some((k) => !Number.isInteger(k) || k < 0 || k >= total)) throw new Error(`a class outside 0…${total - 1}`);
    if (trained && (trained.weights.length !== features * classes.length || trained.bias.length !== classes.length)) {
      throw new Error(`the trained head is not ${features} features × ${classes.length} classes`);
    }
    const keptW = trained?.weights ?? new Float32Array(features * classes.length);
    if (!trained) for (let f = 0; f < features; f++) classes.forEach((k, c) => { keptW[f * classes.length + c] = weights.data[f * total + k]!; });
    const keptB = trained?.bias ?? Float32Array.from(classes, (k) => bias.data[k]!);
    const names = [`${matMul.input![1]}/kept_classes`, `${add.input![1]}/kept_classes`] as const;
    added.push(floatTensor(names[0], [features, classes.length], keptW), floatTensor(names[1], [classes.length], keptB));
    // This head's own copies: another reader of the source constants keeps them.
    matMul.input![1] = names[0];
    add.input![1] = names[1];
    // The class axis is now as long as the list kept; the other axes stay as they were. Shapes
    // recorded for the values in between (v6's export records them) are dropped for onnxruntime
    // to infer again.
    const shape = outputs[0]!.type?.tensorType?.shape?.dim;
    if (shape && shape.length > 0) shape[shape.length - 1] = { dimValue: classes.length };
    const narrowed = new Set<string>();
    for (let node: onnxProto.onnx.INodeProto | undefined = index.producer.get(outputs[0]!.name!); node && node !== matMul; node = index.producer.get(node.input?.[0] ?? '')) {
      node.output?.forEach((name) => narrowed.add(name));
    }
    matMul.output?.forEach((name) => narrowed.add(name));
    if (index.graph.valueInfo) index.graph.valueInfo = index.graph.valueInfo.filter((info) => !narrowed.has(info.name ?? ''));
    return 1;
  };
}
