/**
 * Decodes a graph model's weights into plain typed arrays, undoing TF.js quantisation the same
 * way tfjs-core's `decodeWeights` does, so the ONNX model holds exactly the values TF.js runs with.
 */
import type { WeightSpec, WeightsGroup } from './tfjs-model.js';

/** A constant tensor: float32 weights or int32 shape/axis/padding operands. */
export interface ConstTensor {
  dtype: 'float32' | 'int32';
  shape: number[];
  data: Float32Array | Int32Array;
}

/** Number of elements of a shape (1 for a scalar). */
export function sizeOf(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** Bytes per stored element: the quantised dtype when quantised, else the tensor's own dtype. */
function storedBytes(spec: WeightSpec): number {
  const dtype = spec.quantization?.dtype ?? spec.dtype;
  switch (dtype) {
    case 'uint8': return 1;
    case 'uint16': case 'float16': return 2;
    case 'float32': case 'int32': return 4;
    default: throw new Error(`weight ${spec.name}: unsupported stored dtype ${dtype}`);
  }
}

/** IEEE 754 half → float, exact (every half is representable as a float32). */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const mantissa = h & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa === 0 ? sign * Infinity : NaN;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** Decodes one weight from its bytes (a fresh, aligned copy is taken before viewing). */
function decodeOne(spec: WeightSpec, bytes: Uint8Array): ConstTensor {
  if (spec.dtype !== 'float32' && spec.dtype !== 'int32') {
    throw new Error(`weight ${spec.name}: unsupported dtype ${spec.dtype}`);
  }
  const buf = bytes.slice().buffer;
  const q = spec.quantization;
  const n = sizeOf(spec.shape);
  const out = spec.dtype === 'float32' ? new Float32Array(n) : new Int32Array(n);
  if (!q) {
    out.set(spec.dtype === 'float32' ? new Float32Array(buf) : new Int32Array(buf));
  } else if (q.dtype === 'float16') {
    if (spec.dtype !== 'float32') throw new Error(`weight ${spec.name}: float16 storage of ${spec.dtype}`);
    const halves = new Uint16Array(buf);
    for (let i = 0; i < n; i++) out[i] = halfToFloat(halves[i]!);
  } else {
    if (q.min === undefined || q.scale === undefined) {
      throw new Error(`weight ${spec.name}: ${q.dtype} quantisation without min and scale`);
    }
    const values = q.dtype === 'uint8' ? new Uint8Array(buf) : new Uint16Array(buf);
    // Same arithmetic as tfjs-core (double precision, one rounding on store); int32 is rounded.
    for (let i = 0; i < n; i++) {
      const v = values[i]! * q.scale + q.min;
      out[i] = spec.dtype === 'int32' ? Math.round(v) : v;
    }
  }
  return { dtype: spec.dtype, shape: spec.shape.slice(), data: out };
}

/** Decodes every weight of every group; `groupData[i]` is group i's shards joined. */
export function decodeWeights(groups: WeightsGroup[], groupData: Uint8Array[]): Map<string, ConstTensor> {
  const weights = new Map<string, ConstTensor>();
  groups.forEach((group, g) => {
    const data = groupData[g]!;
    let offset = 0;
    for (const spec of group.weights) {
      const length = sizeOf(spec.shape) * storedBytes(spec);
      if (offset + length > data.byteLength) {
        throw new Error(`weight ${spec.name}: needs bytes ${offset}..${offset + length}, shards hold ${data.byteLength}`);
      }
      weights.set(spec.name, decodeOne(spec, data.subarray(offset, offset + length)));
      offset += length;
    }
  });
  return weights;
}
