/**
 * Reads every real document on a worker thread, so that it runs with the pipeline's worker
 * settings (IDV_OCR_RECOGNISER, IDV_OCR_INT8, IDV_OCR_HELPER …) as the service's workers do.
 */
import { parentPort } from 'node:worker_threads';
import { loadRealDocs, readRealDoc } from './real-docs.js';

for (const doc of loadRealDocs()) parentPort?.postMessage({ result: await readRealDoc(doc), unguided: await readRealDoc(doc, undefined, { unguided: true }) });
parentPort?.postMessage({ done: true });
