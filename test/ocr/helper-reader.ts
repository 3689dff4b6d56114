/**
 * A worker for recognizer-helper.test.ts: reads the line crops of its workerData with
 * recognizeLines under the settings it was given (the pool's way), and posts the probabilities.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RgbImage } from '../../pipeline/image.js';
import { recognizeLines } from '../../pipeline/ocr/recognizer.js';

const { crops } = workerData as { crops: RgbImage[] };
const read = await recognizeLines(crops, { latinOnly: true, model: 'v6-tiny' });
parentPort!.postMessage(read.map((line) => ({ steps: line.steps, probs: line.probs.slice() })));
