/** Line recognition by PP-OCRv6: crops at height 48, batched by width; a row of class probabilities per 8 input columns. */
import { floatTensor, runFloat, type FloatOutput } from '../backends/onnx.js';
import type { Charset } from './charset.js';
import { workerSettings } from '../worker-settings.js';
import { runOnHelper } from './recognizer-helper.js';
import { recognizerFor, type RecogniserChoice } from './sessions.js';
import { HALF, writeTensor } from './sampling.js';
import type { GreyImage, RgbImage } from '../image.js';
import { OCR_TUNING } from './tunables.js';

export const INPUT_HEIGHT = 48;

export type LineImage = RgbImage | GreyImage;

export interface LineProbabilities {
  steps: number;
  classes: number;
  charset: Charset;
  /** steps × classes, row-major; each row sums to 1. */
  probs: Float32Array;
}

function asRgb(image: LineImage): RgbImage {
  if ('rgb' in image) return image;
  const rgb = new Uint8Array(image.width * image.height * 3);
  for (let i = 0; i < image.grey.length; i++) rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = image.grey[i]!;
  return { width: image.width, height: image.height, rgb };
}

export interface RecognizeOptions extends RecogniserChoice {
    /** Horizontal scale on top of the aspect-kept resize: a caller that knows its pitch may narrow the input. */
  squeeze?: number;
}

/** Width of a line at the model's height, aspect kept (times `squeeze`). */
export function inputWidth(image: { width: number; height: number }, squeeze = 1): number {
  return Math.max(8, Math.ceil((INPUT_HEIGHT * image.width * squeeze) / Math.max(1, image.height)));
}

function batches(widths: readonly number[]): number[][] {
  const order = widths.map((_, i) => i).sort((a, b) => widths[a]! - widths[b]!);
  const groups: number[][] = [];
  for (const i of order) {
    const group = groups[groups.length - 1];
    if (group && group.length < OCR_TUNING.maxBatch && widths[i]! <= OCR_TUNING.maxBatchedWidth && widths[i]! <= widths[group[0]!]! * OCR_TUNING.batchSpread) group.push(i);
    else groups.push([i]);
  }
  return groups;
}

export interface LineBatch {
  lines: number[];
  widths: number[];
  input: Float32Array;
  dims: [number, number, number, number];
}

/** The recogniser's inputs, batched by width and padded to the widest; one at a time, so one tensor is alive. */
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

function columns(batch: LineBatch): number {
  return batch.dims[0] * batch.dims[3];
}

/** The batches split in two of about equal cost, the caller's share and the helper's. */
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

/** Runs the recogniser over line crops, in their order; with `ocrHelper`, half the batches on the helper thread. */
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
    for (const batch of lineBatches(lines, options.squeeze)) await run(batch);
    return results;
  }
  const { own, helper } = shareOut([...lineBatches(lines, options.squeeze)]);
    // Sent first, so that the helper works while this thread does; a failure is caught at once.
  const helped = helper.length === 0 ? Promise.resolve([]) : runOnHelper(helper, options).catch(() => undefined);
  for (const batch of own) await run(batch);
  const outputs = await helped;
  // A helper that failed or died leaves its share to this thread.
  if (outputs === undefined) for (const batch of helper) await run(batch);
  else outputs.forEach((output, i) => keep(helper[i]!, output));
  return results;
}
