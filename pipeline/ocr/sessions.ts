/**
 * The onnxruntime sessions the OCR readers run, one per model and transform in a worker
 * (pipeline/backends/onnx.ts), and which recogniser a reading takes: its session and the class
 * table of its columns. Apart from recognizer.ts so that the recogniser's helper thread
 * (recognizer-helper.ts, recognizer-thread.ts) makes the same choice without importing the
 * recogniser that calls it.
 */
import { createHash } from 'node:crypto';
import onnxProto from 'onnx-proto';
import { foldPaddleGraph, foldPaddleModel } from '../../models/optimise/fold.js';
import { keepClasses } from '../../models/optimise/keep-classes.js';
import { quantiseConvs, type ConvRanges } from '../../models/optimise/quantise.js';
import { loadSession, type Session } from '../backends/onnx.js';
import { workerSettings } from '../worker-settings.js';
import { latinSubset, recognitionCharset, type Charset, type CharsetSubset } from './charset.js';
import { RECOGNITION_MODEL, RECOGNITION_MODEL_V6, checkedV6, type RecogniserModel } from './model-files.js';
import { RECOGNIZER_CALIBRATION } from './recognizer-calibration.js';

/**
 * The session the readers run for the detector or the direction classifier: the model with its
 * element-wise chains folded into its convolutions (models/optimise/fold.ts), a quarter faster
 * and equal to float rounding.
 */
export function ocrSession(path: string): Promise<Session> {
  return loadSession(path, { transform: foldedOcrModel });
}

function foldedOcrModel(bytes: Uint8Array): Uint8Array {
  return foldPaddleModel(bytes).model;
}

/**
 * The recogniser, folded like the others; with `classes` (indices into its 6625, the blank
 * first) its head narrowed to those (models/optimise/keep-classes.ts); with `int8` its wide
 * pointwise convolutions quantised over the ranges of recognizer-calibration.ts
 * (models/optimise/quantise.ts). One session per list of classes and precision.
 */
export function recognizerSession(classes: readonly number[] | undefined, int8: boolean, model: RecogniserModel = 'v4'): Promise<Session> {
  if (model === 'v6') {
    // Nothing of fold.ts's patterns is in v6's graph, and its int8 ranges are not measured yet.
    if (int8) throw new Error('PP-OCRv6 has no int8 calibration: read it in float32');
    const narrowed = (bytes: Uint8Array): Uint8Array => {
      const decoded = onnxProto.onnx.ModelProto.decode(checkedV6(bytes));
      if (classes) keepClasses(decoded.graph!, classes);
      return onnxProto.onnx.ModelProto.encode(decoded).finish();
    };
    return loadSession(RECOGNITION_MODEL_V6, { transform: narrowed, variant: `float:classes:${classes?.join(',') ?? 'all'}` });
  }
  const prepared = (bytes: Uint8Array): Uint8Array => {
    const model = onnxProto.onnx.ModelProto.decode(bytes);
    foldPaddleGraph(model.graph!);
    if (classes) keepClasses(model.graph!, classes);
    if (int8) quantiseConvs(model, calibratedRanges(bytes));
    return onnxProto.onnx.ModelProto.encode(model).finish();
  };
  const variant = `${int8 ? 'int8' : 'float'}:classes:${classes?.join(',') ?? 'all'}`;
  return loadSession(RECOGNITION_MODEL, { transform: prepared, variant });
}

/** The calibration's ranges, once its model is known to be this one. */
function calibratedRanges(bytes: Uint8Array): Readonly<Record<string, ConvRanges>> {
  const installed = createHash('sha256').update(bytes).digest('hex');
  if (installed !== RECOGNIZER_CALIBRATION.model.sha256) {
    throw new Error(`the recogniser's int8 ranges were measured on model ${RECOGNIZER_CALIBRATION.model.sha256.slice(0, 12)}, `
      + `the installed one is ${installed.slice(0, 12)}: run \`node dist/bench/ocr-calibrate.js\`, or set IDV_OCR_INT8=0`);
  }
  return RECOGNIZER_CALIBRATION.convs;
}

/** What decides the recogniser a reading runs (recognizer.ts's RecognizeOptions without its squeeze). */
export interface RecogniserChoice {
  /**
   * Only the classes of `latinSubset` (default false: all 6625), the softmax taken over them. A
   * Latin document's readers decode nothing else; the narrowed head is 6 to 10 % faster, and the
   * full rows cost ~20 MB a front to copy out, walk and collect.
   */
  latinOnly?: boolean;
  /**
   * The float32 recogniser whatever the worker's settings. Only the Latin readers of fronts run
   * int8 (unless `IDV_OCR_INT8=0`), which is what the accuracy bench measured;
   * reading every script (OcrImage) stays float32. The MRZ reader asks for float32: on blurred
   * TD1 backs the int8 model read the fillers after an overflowing document number as digits
   * (three of about 450 MRZs of seeds 4242, 6161 and 9191, none in float32), and the MRZ is the
   * reference every printed field is checked against.
   */
  float32?: boolean;
  /**
   * Which model (default 'v4'): fronts read with the worker's `ocrRecogniser` (PP-OCRv6 small by
   * default, which writes the accented capitals that v4's dictionary lacks: docs/front-ocr.md);
   * the MRZ reader and OcrImage read with v4. v6 runs in float32.
   */
  model?: RecogniserModel;
}

const latin = new Map<RecogniserModel, { from: Charset; subset: CharsetSubset }>();

/** The session and the class table of its columns. */
export async function recognizerFor({ latinOnly = false, float32 = false, model = 'v4' }: RecogniserChoice): Promise<{ session: Session; charset: Charset }> {
  const full = await recognitionCharset(model);
  if (!latinOnly) return { session: await recognizerSession(undefined, false, model), charset: full };
  const int8 = model === 'v4' && !float32 && workerSettings().ocrInt8;
  let subset = latin.get(model);
  if (subset?.from !== full) latin.set(model, subset = { from: full, subset: latinSubset(full) });
  return { session: await recognizerSession(subset.subset.classes, int8, model), charset: subset.subset.charset };
}
