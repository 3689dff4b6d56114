/** Every OCR file the service runs, checked at start so it refuses to serve rather than fail a first request. */
import { readFile } from 'node:fs/promises';
import { latinSubset, recognitionCharset } from './charset.js';
import { GLYPH_MODEL } from './glyph-classifier.js';
import { preparedFile, type OcrFile } from './model-cache.js';
import { DETECTION_MODEL, DIRECTION_MODEL, V6_SMALL_DICTIONARY_FILE, checkedShipped, foldedFile, recognizerFile } from './model-files.js';

/** The files but small's dictionary (V6_SMALL_DICTIONARY_FILE, prepared first), from whose classes they follow. */
export async function ocrFilesInUse(): Promise<OcrFile[]> {
  const v6 = latinSubset(await recognitionCharset('v6')).classes;
  const v6Tiny = latinSubset(await recognitionCharset('v6-tiny')).classes;
  return [
    foldedFile(DETECTION_MODEL),
    foldedFile(DIRECTION_MODEL),
    await recognizerFile(undefined, 'v6'),
    await recognizerFile(undefined, 'v6-tiny'),
    await recognizerFile(v6, 'v6'),
    await recognizerFile(v6Tiny, 'v6-tiny'),
  ];
}

/** Checks that every file the readers run is prepared, and the shipped glyph classifier is the one written for; the first that is not throws. */
export async function checkOcrFiles(): Promise<void> {
  checkedShipped(await readFile(GLYPH_MODEL.path), GLYPH_MODEL);
  await preparedFile(V6_SMALL_DICTIONARY_FILE);
  for (const file of await ocrFilesInUse()) await preparedFile(file);
}
