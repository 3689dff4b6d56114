/**
 * Reads every real document on a worker thread, so that it runs with the pipeline's worker
 * settings (IDV_OCR_RECOGNISER, IDV_OCR_HELPER …) as the service's workers do: guided, unguided,
 * and as OcrImage reads it.
 */
import { parentPort } from 'node:worker_threads';
import { loadRealDocs, readRealDoc, REAL_DOCS_DIR } from './real-docs.js';
import { readOcrImage } from './real-docs-ocr-image.js';

for (const doc of loadRealDocs()) {
  parentPort?.postMessage({
    result: await readRealDoc(doc), unguided: await readRealDoc(doc, undefined, { unguided: true }), ocrImage: await readOcrImage(doc, REAL_DOCS_DIR),
  });
}
parentPort?.postMessage({ done: true });
