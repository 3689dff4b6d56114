/**
 * Folds the element-wise chains that Paddle2ONNX leaves around the convolutions of the PP-OCRv4
 * models (PPLCNetV3 backbone) into fewer, fused operators, exactly or to float rounding:
 *
 *   Conv → Mul(a) → Add(b)                  ─► Conv with weights a·W and bias a·B + b
 *   Add(x, 3) → Clip(0, 6) → Mul(x, ·) → Div(6)   ─► Mul(x, HardSigmoid(x))   (hard-swish)
 *   Mul(w) → Add(b) → 1×1 Conv (no padding)  ─► Conv with weights w·W and bias B + b·ΣW
 *
 * (a, b, w scalars: the learnable affine layers of PPLCNetV3.) onnxruntime does none of these
 * itself; it then fuses HardSigmoid into the convolution before it. On 2 cores the detector runs
 * about a fifth faster (model-build/README.md); outputs differ by float rounding
 * only, which test/ocr/fold.test.ts checks on real images.
 *
 * A 3×3 or 5×5 convolution after an affine is left alone: its zero padding would then border the
 * image with b instead of 0.
 *
 * One more rewrite serves the face models as the converter writes them (convert/): TF's
 * clip_by_value, and so the ReLU6 of Keras's MobileNets, is Minimum(x, hi) then Maximum(·, lo)
 * (or the other way round), which onnxruntime does not fuse into the convolution before it while
 * it does fuse a Clip; `foldClamps` makes each such pair one Clip(x, lo, hi), the same values.
 */
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;
type Node = onnxProto.onnx.INodeProto;
type Tensor = onnxProto.onnx.ITensorProto;

/** How many chains of each kind were folded. */
export interface FoldReport {
  convAffine: number;
  hardSwish: number;
  affineIntoConv: number;
}

/** Float32 values of a tensor stored as raw bytes or as float_data. */
function floats(t: Tensor): Float32Array | undefined {
  if (t.dataType !== onnx.TensorProto.DataType.FLOAT) return undefined;
  // A copy: the decoder's bytes are a view into the model's buffer, at any alignment.
  if (t.rawData && t.rawData.length > 0) return new Float32Array(Uint8Array.prototype.slice.call(t.rawData).buffer);
  return t.floatData ? Float32Array.from(t.floatData) : undefined;
}

/** int64 fields decode as numbers or as Long objects. */
export function int(v: number | { toString(): string }): number {
  return typeof v === 'number' ? v : Number(v.toString());
}

function dims(t: Tensor): number[] {
  return (t.dims ?? []).map(int);
}

export function floatTensor(name: string, shape: number[], data: Float32Array): Tensor {
  return { name, dims: shape, dataType: onnx.TensorProto.DataType.FLOAT, rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

function attribute(node: Node, name: string): onnxProto.onnx.IAttributeProto | undefined {
  return node.attribute?.find((a) => a.name === name);
}

/** The graph seen as values: who produces and who consumes each, and the constant ones. */
export class GraphIndex {
  readonly constants = new Map<string, Tensor>();
  readonly consumers = new Map<string, Node[]>();
  readonly producer = new Map<string, Node>();
  readonly outputs: Set<string>;

  constructor(readonly graph: onnxProto.onnx.IGraphProto) {
    this.outputs = new Set((graph.output ?? []).map((o) => o.name!));
    for (const t of graph.initializer ?? []) this.constants.set(t.name!, t);
    for (const node of graph.node ?? []) {
      if (node.opType === 'Constant' && attribute(node, 'value')?.t) this.constants.set(node.output![0]!, attribute(node, 'value')!.t!);
      for (const out of node.output ?? []) this.producer.set(out, node);
      for (const input of node.input ?? []) {
        const list = this.consumers.get(input) ?? [];
        list.push(node);
        this.consumers.set(input, list);
      }
    }
  }

  /** The value's only consumer, when it has exactly one and is not a graph output. */
  soleConsumer(value: string, opType: string): Node | undefined {
    const list = this.consumers.get(value) ?? [];
    return list.length === 1 && list[0]!.opType === opType && !this.outputs.has(value) ? list[0] : undefined;
  }

  /** The scalar constant among a binary node's inputs and the other input, or undefined. */
  scalarOperand(node: Node): { value: number; other: string } | undefined {
    const [a, b] = node.input ?? [];
    for (const [constant, other] of [[a, b], [b, a]] as const) {
      const data = constant === undefined ? undefined : this.constants.get(constant);
      // The shape first: a weight tensor is not decoded only to learn it is no scalar.
      if (data === undefined || other === undefined || dims(data).reduce((n, d) => n * d, 1) !== 1) continue;
      const values = floats(data);
      if (values?.length === 1) return { value: values[0]!, other };
    }
    return undefined;
  }

  /** A Clip's bounds are these: attributes up to opset 10, constant inputs from 11. */
  clipsTo(clip: Node, min: number, max: number): boolean {
    const bound = (i: number, name: string): number | undefined => {
      const input = clip.input?.[i];
      const values = input ? this.weights(input)?.data : undefined;
      return values?.length === 1 ? values[0] : attribute(clip, name)?.f ?? undefined;
    };
    return bound(1, 'min') === min && bound(2, 'max') === max;
  }

  weights(name: string | undefined): { shape: number[]; data: Float32Array } | undefined {
    const t = name === undefined ? undefined : this.constants.get(name);
    const data = t && floats(t);
    return data && { shape: dims(t), data };
  }
}

/** Conv → Mul(a) → Add(b): the conv takes a·W, a·B + b and the Add's output name. */
function foldConvAffine(index: GraphIndex, added: Tensor[], removed: Set<Node>): number {
  let count = 0;
  for (const conv of index.graph.node ?? []) {
    if (conv.opType !== 'Conv') continue;
    const mul = index.soleConsumer(conv.output![0]!, 'Mul');
    const scale = mul && index.scalarOperand(mul);
    const add = mul && index.soleConsumer(mul.output![0]!, 'Add');
    const shift = add && index.scalarOperand(add);
    const w = index.weights(conv.input![1]);
    if (!mul || !scale || !add || !shift || !w) continue;
    const outChannels = w.shape[0]!;
    const bias = index.weights(conv.input![2])?.data ?? new Float32Array(outChannels);
    const name = conv.output![0]!;
    added.push(floatTensor(`${name}.folded_w`, w.shape, w.data.map((v) => v * scale.value)));
    added.push(floatTensor(`${name}.folded_b`, [outChannels], bias.map((v) => v * scale.value + shift.value)));
    conv.input = [conv.input![0]!, `${name}.folded_w`, `${name}.folded_b`];
    conv.output = [add.output![0]!];
    removed.add(mul).add(add);
    count++;
  }
  return count;
}

/** Add(x, 3) → Clip(0, 6) → Mul(x, ·) → Div(6): x·HardSigmoid(x), in the Div's place. */
function foldHardSwish(index: GraphIndex, _added: Tensor[], removed: Set<Node>): number {
  let count = 0;
  const nodes = index.graph.node ?? [];
  for (const clip of [...nodes]) {
    if (clip.opType !== 'Clip' || !index.clipsTo(clip, 0, 6)) continue;
    const add = index.producer.get(clip.input![0]!);
    const three = add?.opType === 'Add' ? index.scalarOperand(add) : undefined;
    if (!add || three?.value !== 3 || index.consumers.get(add.output![0]!)?.length !== 1) continue;
    const x = three.other;
    const mul = index.soleConsumer(clip.output![0]!, 'Mul');
    if (!mul || !(mul.input ?? []).includes(x)) continue;
    const div = index.soleConsumer(mul.output![0]!, 'Div');
    const six = div && index.scalarOperand(div);
    if (!div || six?.value !== 6 || six.other !== mul.output![0]) continue;
    const gate = `${clip.output![0]!}.hardsigmoid`;
    const hardSigmoid: Node = {
      opType: 'HardSigmoid', name: gate, input: [x], output: [gate],
      attribute: [{ name: 'alpha', type: onnx.AttributeProto.AttributeType.FLOAT, f: 1 / 6 }, { name: 'beta', type: onnx.AttributeProto.AttributeType.FLOAT, f: 0.5 }],
    };
    const product: Node = { opType: 'Mul', name: div.output![0]!, input: [x, gate], output: [div.output![0]!] };
    nodes.splice(nodes.indexOf(div), 1, hardSigmoid, product);
    removed.add(add).add(clip).add(mul);
    count++;
  }
  return count;
}

/** Mul(x, w) → Add(b) → unpadded 1×1 Convs: each conv reads x with weights w·W and bias B + b·ΣW. */
function foldAffineIntoConv(index: GraphIndex, added: Tensor[], removed: Set<Node>): number {
  let count = 0;
  for (const mul of index.graph.node ?? []) {
    if (mul.opType !== 'Mul' || removed.has(mul)) continue;
    const scale = index.scalarOperand(mul);
    const add = index.soleConsumer(mul.output![0]!, 'Add');
    const shift = add && index.scalarOperand(add);
    if (!scale || !add || !shift || index.outputs.has(add.output![0]!)) continue;
    const convs = index.consumers.get(add.output![0]!) ?? [];
    const foldable = convs.length > 0 && convs.every((conv) => {
      const w = index.weights(conv.input![1]);
      const pads = attribute(conv, 'pads')?.ints?.map(int) ?? [];
      return conv.opType === 'Conv' && conv.input![0] === add.output![0] && w !== undefined
        && w.shape[2] === 1 && w.shape[3] === 1 && pads.every((p) => p === 0) && attribute(conv, 'auto_pad') === undefined;
    });
    if (!foldable) continue;
    for (const conv of convs) {
      const w = index.weights(conv.input![1])!;
      const [outChannels, perOutput] = [w.shape[0]!, w.data.length / w.shape[0]!];
      const bias = index.weights(conv.input![2])?.data ?? new Float32Array(outChannels);
      const newBias = bias.map((v, o) => {
        let sum = 0;
        for (let k = 0; k < perOutput; k++) sum += w.data[o * perOutput + k]!;
        return v + shift.value * sum;
      });
      const name = `${conv.output![0]!}.input_affine`;
      added.push(floatTensor(`${name}_w`, w.shape, w.data.map((v) => v * scale.value)));
      added.push(floatTensor(`${name}_b`, [outChannels], newBias));
      conv.input = [scale.other, `${name}_w`, `${name}_b`];
    }
    removed.add(mul).add(add);
    count++;
  }
  return count;
}

/**
 * Min(x, hi) → Max(·, lo), or Max then Min, on scalar constants: Clip(x, lo, hi) in the outer node's
 * place. The inner node's output must feed only the outer one; lo > hi is no clip and stays.
 */
function foldClampPairs(index: GraphIndex, added: Tensor[], removed: Set<Node>): number {
  let count = 0;
  for (const outer of index.graph.node ?? []) {
    if (outer.opType !== 'Min' && outer.opType !== 'Max') continue;
    const outerBound = index.scalarOperand(outer);
    const inner = outerBound && index.producer.get(outerBound.other);
    const innerType = outer.opType === 'Min' ? 'Max' : 'Min';
    if (!outerBound || !inner || removed.has(inner) || index.soleConsumer(inner.output![0]!, outer.opType) !== outer) continue;
    const innerBound = inner.opType === innerType ? index.scalarOperand(inner) : undefined;
    if (!innerBound) continue;
    const [lo, hi] = outer.opType === 'Max' ? [outerBound.value, innerBound.value] : [innerBound.value, outerBound.value];
    if (lo > hi) continue;
    const name = outer.output![0]!;
    added.push(floatTensor(`${name}.clip_lo`, [], Float32Array.of(lo)), floatTensor(`${name}.clip_hi`, [], Float32Array.of(hi)));
    outer.opType = 'Clip';
    outer.input = [innerBound.other, `${name}.clip_lo`, `${name}.clip_hi`];
    removed.add(inner);
    count++;
  }
  return count;
}

/** Drops nodes marked removed, then constants and initializers that nothing reads any more. */
function prune(graph: onnxProto.onnx.IGraphProto, removed: Set<Node>): void {
  let nodes = (graph.node ?? []).filter((n) => !removed.has(n));
  const read = new Set([...nodes.flatMap((n) => n.input ?? []), ...(graph.output ?? []).map((o) => o.name!)]);
  nodes = nodes.filter((n) => n.opType !== 'Constant' || read.has(n.output![0]!));
  graph.node = nodes;
  graph.initializer = (graph.initializer ?? []).filter((t) => read.has(t.name!));
}

/** One rewrite: counts what it folded, adds its new constants to `added`, marks the nodes it replaced. */
export type Pass = (index: GraphIndex, added: Tensor[], removed: Set<Node>) => number;

/** Runs the passes over a graph in turn, each on the graph the previous one left; returns their counts. */
export function runPasses<K extends string>(graph: onnxProto.onnx.IGraphProto, passes: ReadonlyArray<readonly [K, Pass]>): Record<K, number> {
  const report = {} as Record<K, number>;
  for (const [name, pass] of passes) {
    const added: Tensor[] = [];
    const removed = new Set<Node>();
    report[name] = pass(new GraphIndex(graph), added, removed);
    graph.initializer = [...(graph.initializer ?? []), ...added];
    prune(graph, removed);
  }
  return report;
}

/** The model with its affine and hard-swish chains folded (see the file's comment), and what was folded. */
export function foldPaddleModel(bytes: Uint8Array): { model: Uint8Array; report: FoldReport } {
  const model = onnx.ModelProto.decode(bytes);
  const report = foldPaddleGraph(model.graph!);
  return { model: onnx.ModelProto.encode(model).finish(), report };
}

/** foldPaddleModel on a decoded graph, in place. */
export function foldPaddleGraph(graph: onnxProto.onnx.IGraphProto): FoldReport {
  // The affine right after a conv folds into that conv first; the last pass then meets only the
  // affines that follow an activation, which fold into the 1×1 conv after them.
  return runPasses(graph, [['convAffine', foldConvAffine], ['hardSwish', foldHardSwish], ['affineIntoConv', foldAffineIntoConv]] as const);
}

/** Fuses the graph's Min/Max pairs on scalar constants into Clips, in place; returns how many. */
export function foldClamps(graph: onnxProto.onnx.IGraphProto): number {
  return runPasses(graph, [['clamps', foldClampPairs]] as const).clamps;
}
