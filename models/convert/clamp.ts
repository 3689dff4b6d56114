/**
 * TF writes clip_by_value, and so the ReLU6 of Keras's MobileNets, as Minimum(x, hi) followed by
 * Maximum(·, lo) (or the other way round). onnxruntime fuses a Clip into the convolution before
 * it, but not a Min/Max pair: converted one to one, every convolution of faceres is followed by two
 * element-wise passes and two layout reorders, a fifth of the model's time. This peephole turns
 * each such pair into one Clip(x, lo, hi), which computes exactly the same values.
 */
import type onnxProto from 'onnx-proto';

type Node = onnxProto.onnx.INodeProto;

/** A Min or Max against a scalar constant: the constant's name and value, and the other input. */
interface Bound {
  constant: string;
  value: number;
  other: string;
}

function boundOf(node: Node | undefined, scalar: (name: string) => number | undefined): Bound | undefined {
  if (node?.opType !== 'Min' && node?.opType !== 'Max') return undefined;
  const [a, b] = node.input ?? [];
  if (a === undefined || b === undefined) return undefined;
  for (const [constant, other] of [[b, a], [a, b]] as const) {
    const value = scalar(constant);
    if (value !== undefined) return { constant, value, other };
  }
  return undefined;
}

/**
 * The nodes with each Min/Max pair on scalar constants fused into one Clip. The inner node's
 * output must feed only the outer one (and be no graph output), so no other reader loses it.
 */
export function fuseClamps(nodes: Node[], scalar: (name: string) => number | undefined, graphOutputs: Set<string>): Node[] {
  const readers = new Map<string, number>();
  for (const n of nodes) for (const input of n.input ?? []) readers.set(input, (readers.get(input) ?? 0) + 1);
  const producer = new Map(nodes.map((n) => [n.output![0]!, n]));
  const absorbed = new Set<Node>();
  const out = nodes.map((outer): Node => {
    const outerBound = boundOf(outer, scalar);
    const inner = outerBound && producer.get(outerBound.other);
    const innerBound = boundOf(inner, scalar);
    if (!outerBound || !inner || !innerBound || inner.opType === outer.opType) return outer;
    if (readers.get(outerBound.other) !== 1 || graphOutputs.has(outerBound.other)) return outer;
    // Max(Min(x, hi), lo) and Min(Max(x, lo), hi) are both Clip(x, lo, hi) when lo ≤ hi.
    const [lo, hi] = outer.opType === 'Max' ? [outerBound, innerBound] : [innerBound, outerBound];
    if (lo.value > hi.value) return outer;
    absorbed.add(inner);
    return { opType: 'Clip', name: outer.name, input: [innerBound.other, lo.constant, hi.constant], output: outer.output, attribute: [] };
  });
  return out.filter((n) => !absorbed.has(n));
}
