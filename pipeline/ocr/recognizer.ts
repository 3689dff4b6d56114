/**
 * Text-line recognition by PP-OCRv6 small or tiny (`model`). Each line crop is resized to height 48 with its aspect kept,
 * normalised as PaddleOCR does ((x/255 − 0.5)/0.5, BGR order), and lines of similar width are run
 * together in one batch padded to the widest (padding is 0 after normalisation, PaddleOCR's
 * zeros). The result is, per line, the model's probability rows: one row per time step (every
 * 8 input columns), one column per class of the line's `charset`: every class of
 * `recognitionCharset(model)`, or with `latinOnly` the few hundred of `latinSubset`, each row then the
 * probabilities given that the class is one of those (model-build/optimise/keep-classes.ts). Callers
 * decode them as they need: greedily (ctc-decode.ts) or constrained to an alphabet and layout
 * (the MRZ reader).
 */
import { floatTensor, runFloat, type FloatOutput } from '../backends/onnx.js';
import type { Charset } from './charset.js';
import { workerSettings } from '../worker-settings.js';
import { runOnHelper } from './recognizer-helper.js';
import { recognizerFor, type RecogniserChoice } from './sessions.js';
import { HALF, writeTensor } from './sampling.js';
import type { GreyImage, RgbImage } from '../image.js';

export const INPUT_HEIGHT = 48;
/** Lines batched together differ in width by at most this factor, so little of a batch is padding. */
const BATCH_SPREAD = 1.3;
const MAX_BATCH = 8;
/**
 * Lines wider than this run alone: batching pays for narrow lines (a batch of eight 128-column
 * lines costs 20 % less per line than eight single runs) but not for wide ones, whose batch
 * outgrows the CPU caches (eight 1024-column lines cost 30 % more; 1 thread, folded model).
 */
const MAX_BATCHED_WIDTH = 192;

export type LineImage = RgbImage | GreyImage;

export interface LineProbabilities {
  /** Time steps (rows). */
  steps: number;
  /** Classes (columns): `charset.chars.length`. */
  classes: number;
  /** The class table of the columns. */
  charset: Charset;
  /** steps × classes probabilities, row-major; each row sums to 1. */
  probs: Float32Array;
}

function asRgb(image: LineImage): RgbImage {
  if ('rgb' in image) return image;
  const rgb = new Uint8Array(image.width * image.height * 3);
  for (let i = 0; i < image.grey.length; i++) rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = image.grey[i]!;
  return { width: image.width, height: image.height, rgb };
}

export interface RecognizeOptions extends RecogniserChoice {
  /**
   * Horizontal scale on top of the aspect-preserving resize (default 1). The model emits a time
   * step per 8 input columns and its cost grows with the width, so a caller that knows its text
   * (the MRZ's fixed-pitch lines) can narrow the input to what its decoding needs.
   */
  squeeze?: number;
}

/** Width of a line at the model's height, aspect kept (times `squeeze`). */
export function inputWidth(image: { width: number; height: number }, squeeze = 1): number {
  return Math.max(8, Math.ceil((INPUT_HEIGHT * image.width * squeeze) / Math.max(1, image.height)));
}

/** Groups line indices into batches of similar width (indices sorted by width). */
function batches(widths: readonly number[]): number[][] {
  const order = widths.map((_, i) => i).sort((a, b) => widths[a]! - widths[b]!);
  const groups: number[][] = [];
  for (const i of order) {
    const group = groups[groups.length - 1];
    if (group && group.length < MAX_BATCH && widths[i]! <= MAX_BATCHED_WIDTH && widths[i]! <= widths[group[0]!]! * BATCH_SPREAD) group.push(i);
    else groups.push([i]);
  }
  return groups;
}

/** One run of the recogniser: lines (indices into the caller's list) and their input tensor. */
export interface LineBatch {
  lines: number[];
  /** Each line's width in input columns, in the order of `lines`. */
  widths: number[];
  input: Float32Array;
  dims: [number, number, number, number];
}

/**
 * The recogniser's inputs for line crops: lines of similar width together, each batch padded to
 * its widest. One batch at a time, so that only one input tensor is alive while the model runs.
 */
export function* lineBatches(lines: readonly LineImage[], squeeze?: number): Generator<LineBatch> {
  const widths = lines.map((line) => inputWidth(line, squeeze));
  for (const group of batches(widths)) {
    const batchWidth = Math.max(...group.map((i) => widths[i]!));
    const plane = 3 * INPUT_HEIGHT * batchWidth;
    const input = new Float32Array(group.length * plane);
    group.forEach((line, b) => {
      writeTensor(asRgb(lines[line]!), widths[line]!, INPUT_HEIGHT, HALF, input, b * plane, batchWidth, INPUT_HEIGHT);
    });
    yield { lines: group, widths: group.map((i) => widths[i]!), input, dims: [group.length, 3, INPUT_HEIGHT, batchWidth] };
  }
}

/** A batch's cost: the input columns the model runs over. */
function columns(batch: LineBatch): number {
  return batch.dims[0] * batch.dims[3];
}

/**
 * The batches split in two of about equal cost, the costliest placed first, each on the lighter
 * side: the caller's share and the helper's.
 */
export function shareOut(batches: readonly LineBatch[]): { own: LineBatch[]; helper: LineBatch[] } {
  const own: LineBatch[] = [];
  const helper: LineBatch[] = [];
  let ownCost = 0;
  let helperCost = 0;
  for (const batch of [...batches].sort((a, b) => columns(b) - columns(a))) {
    if (ownCost <= helperCost) {
      own.push(batch);
      ownCost += columns(batch);
    } else {
      helper.push(batch);
      helperCost += columns(batch);
    }
  }
  return { own, helper };
}

/**
 * Runs the recogniser over line crops; the result is in the order of `lines`. With the worker's
 * `ocrHelper` setting, half the batches run on the helper thread (recognizer-helper.ts) while this
 * thread runs the other half; a batch reads the same on either.
 */
export async function recognizeLines(lines: readonly LineImage[], options: RecognizeOptions): Promise<LineProbabilities[]> {
  const { session, charset } = await recognizerFor(options);
  const results = new Array<LineProbabilities>(lines.length);
  const keep = (batch: LineBatch, output: FloatOutput): void => {
    const [, steps, classes] = output.dims as [number, number, number];
    if (classes !== charset.chars.length) {
      throw new Error(`recognition model has ${classes} classes, its dictionary ${charset.chars.length}`);
    }
    const batchWidth = batch.dims[3];
    batch.lines.forEach((line, b) => {
      // A line narrower than its batch ends where its own columns do: the padding's steps are not its text.
      const own = Math.min(steps, Math.ceil((batch.widths[b]! * steps) / batchWidth));
      const start = b * steps * classes;
      results[line] = { steps: own, classes, charset, probs: output.data.subarray(start, start + own * classes) };
    });
  };
  const run = async (batch: LineBatch): Promise<void> => keep(batch, await runFloat(session, floatTensor(batch.input, batch.dims)));
  if (!workerSettings().ocrHelper) {
    // One batch at a time, so that only one input tensor is alive while the model runs.
    for (const batch of lineBatches(lines, options.squeeze)) await run(batch);
    return results;
  }
  const { own, helper } = shareOut([...lineBatches(lines, options.squeeze)]);
  // Sent before this thread's own share runs, so that the helper works while this thread does;
  // a failure is caught at once, as it may come while this thread is still busy.
  const helped = helper.length === 0 ? Promise.resolve([]) : runOnHelper(helper, options).catch(() => undefined);
  for (const batch of own) await run(batch);
  const outputs = await helped;
  // A helper that failed or died leaves its share to this thread.
  if (outputs === undefined) for (const batch of helper) await run(batch);
  else outputs.forEach((output, i) => keep(helper[i]!, output));
  return results;
}
