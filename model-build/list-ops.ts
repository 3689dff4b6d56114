/**
 * Op census of a graph model: which TF ops it uses (with fused_ops and paddings spelled out),
 * how its weights are stored, and which ops the converter does not cover yet.
 */
import { attrString, attrStrings, type TfjsModel } from './convert/tfjs-model.js';
import { OPS } from './convert/convert.js';

export interface OpCensus {
  ops: Record<string, number>;
  /** `op[fused_ops]` variants, e.g. `_FusedConv2D[BiasAdd,Relu]`. */
  fused: string[];
  paddings: string[];
  /** Storage of the weights: `float32`, `int32`, `float16→float32`, `uint8→float32`… */
  storage: string[];
  unsupported: string[];
}

/** Counts the ops of a model and lists those the converter would reject. */
export function censusOf(model: TfjsModel): OpCensus {
  const ops: Record<string, number> = {};
  const fused = new Set<string>();
  const paddings = new Set<string>();
  for (const n of model.json.modelTopology.node) {
    ops[n.op] = (ops[n.op] ?? 0) + 1;
    const f = attrStrings(n, 'fused_ops');
    if (f.length > 0) fused.add(`${n.op}[${f.join(',')}]`);
    const p = attrString(n, 'padding');
    if (p) paddings.add(p);
  }
  const storage = new Set<string>();
  for (const g of model.json.weightsManifest) {
    for (const w of g.weights) storage.add(w.quantization ? `${w.quantization.dtype}→${w.dtype}` : w.dtype);
  }
  const unsupported = Object.keys(ops).filter((op) => op !== 'Const' && op !== 'Placeholder' && !OPS[op]);
  return { ops, fused: [...fused].sort(), paddings: [...paddings].sort(), storage: [...storage].sort(), unsupported };
}
