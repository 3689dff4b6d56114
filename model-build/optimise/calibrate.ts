/**
 * Measures the ranges that quantise.ts needs: for each chosen convolution, the span of the values
 * it reads and writes over a set of real inputs. The tensors are made graph outputs of a copy of
 * the model, which then runs on each input.
 *
 * The span is a percentile one: it holds all but the rarest `1 − PERCENTILE` of the values at
 * either end, which then saturate. A few outliers set the full min/max (the recogniser's last
 * convolution writes −26…35 where 99.99 % of its values lie within −11…17), and the uint8 step
 * over the full span is too coarse for the rest. On the cached fronts of seeds 2020, 3030, 5151
 * and 6161 (3726 key fields, `readFront`), float32 read 3654 right, int8 over the full span 3653
 * (and ŻÓŁKIEWSKI lost its Ł on seed 4242's bench), over the 99.99 % span 3657. A 99.999 % span
 * (onnxruntime's quantiser on other calibration lines) lost one on seed 6161.
 */
import * as ort from 'onnxruntime-node';
import onnxProto from 'onnx-proto';
import type { ConvRanges, ValueRange } from './quantise.js';

const { onnx } = onnxProto;

/** The share of each tensor's values that its range holds, at either end. */
export const PERCENTILE = 0.9999;
/** Values kept of each tensor on each input: enough for the percentile, bounded in memory. */
const SAMPLES_PER_RUN = 2048;

/** One input of the model's single input: values and dimensions. */
export interface CalibrationInput {
  data: Float32Array;
  dims: readonly number[];
}

/** Ranges of the input and output of each convolution named (by output) in `convs`, over `inputs`. */
export async function convRanges(model: Uint8Array, convs: readonly string[], inputs: Iterable<CalibrationInput>): Promise<Record<string, ConvRanges>> {
  const decoded = onnx.ModelProto.decode(model);
  const graph = decoded.graph!;
  const readers = new Map(convs.map((output) => {
    const conv = graph.node?.find((n) => n.opType === 'Conv' && n.output?.[0] === output);
    if (!conv) throw new Error(`no convolution writes ${output}`);
    return [output, conv.input![0]!] as const;
  }));
  const watched = [...new Set([...readers.values(), ...readers.keys()])];
  const declared = new Set((graph.output ?? []).map((o) => o.name));
  for (const name of watched) {
    if (!declared.has(name)) graph.output!.push({ name, type: { tensorType: { elemType: onnx.TensorProto.DataType.FLOAT } } });
  }
  const session = await ort.InferenceSession.create(onnx.ModelProto.encode(decoded).finish(), { intraOpNumThreads: 1, graphOptimizationLevel: 'all' });
  const samples = new Map(watched.map((name) => [name, [] as Float32Array[]]));
  const pick = sampler();
  for (const input of inputs) {
    const results = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input.data, input.dims) }, watched);
    for (const name of watched) samples.get(name)!.push(pick(results[name]!.data as Float32Array));
  }
  await session.release();
  if (samples.get(watched[0]!)!.length === 0) throw new Error('no calibration inputs');
  const ranges = new Map(watched.map((name) => [name, percentileRange(samples.get(name)!)]));
  return Object.fromEntries([...readers].map(([output, input]) => [output, { input: ranges.get(input)!, output: ranges.get(output)! }]));
}

/** Up to SAMPLES_PER_RUN values of a tensor at pseudo-random places, the same on every run of the same inputs. */
function sampler(): (values: Float32Array) => Float32Array {
  let state = 0x2718;
  return (values) => {
    if (values.length <= SAMPLES_PER_RUN) return Float32Array.from(values);
    const kept = new Float32Array(SAMPLES_PER_RUN);
    for (let i = 0; i < kept.length; i++) {
      // xorshift32: a fixed sequence, so a calibration reruns to the same ranges.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      kept[i] = values[(state >>> 0) % values.length]!;
    }
    return kept;
  };
}

/** The values between the (1 − PERCENTILE) and PERCENTILE quantiles of all the samples. */
export function percentileRange(parts: readonly Float32Array[]): ValueRange {
  const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  all.sort();
  const quantile = (q: number): number => all[Math.min(all.length - 1, Math.max(0, Math.round(q * (all.length - 1))))]!;
  return { min: quantile(1 - PERCENTILE), max: quantile(PERCENTILE) };
}
