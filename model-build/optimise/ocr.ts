/**
 * The OCR models' transforms, applied once when model-build/ocr-files.ts makes a cached file
 * (never at a session's creation): fold.ts's chains, then keep-classes.ts's narrowed head; and a
 * metadata entry read out (PP-OCRv6's dictionary).
 */
import onnxProto from 'onnx-proto';
import { foldPaddleGraph } from './fold.js';
import { keepClasses } from './keep-classes.js';
import type { OcrOptimisation } from '../../pipeline/ocr/optimisation.js';

/** The model's bytes, transformed. */
export function optimiseOcrModel(bytes: Uint8Array, { fold, classes, head }: OcrOptimisation): Uint8Array {
  const model = onnxProto.onnx.ModelProto.decode(bytes);
  if (fold) foldPaddleGraph(model.graph!);
  if (classes) keepClasses(model.graph!, classes, head);
  else if (head) throw new Error('a trained head needs its classes');
  return onnxProto.onnx.ModelProto.encode(model).finish();
}

/** A metadata entry of the model (metadata_props), which must be there. */
export function metadataValue(bytes: Uint8Array, key: string): string {
  const entry = onnxProto.onnx.ModelProto.decode(bytes).metadataProps?.find((p) => p.key === key);
  if (typeof entry?.value !== 'string') throw new Error(`the model has no \`${key}\` metadata`);
  return entry.value;
}
