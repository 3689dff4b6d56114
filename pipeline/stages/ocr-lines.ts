/**
 * OCR of any image, for the OcrImage RPC: every line of text with its box and confidence, no field
 * extraction. An image without text answers an empty list, not an error: the caller asked what
 * text is there, and "none" is an answer.
 */
import type { Job } from '../job.js';
import { readLines } from '../ocr/read-lines.js';
import { frontOf, type Stage } from './stage.js';

export const ocrLines: Stage = {
  name: 'ocr',
  applies: (job) => job.input.front !== null,
  images: () => ['front'],
  async run(job: Job): Promise<void> {
    job.ocrLines = (await readLines(frontOf(job))).map(({ text, confidence, box }) => ({ text, confidence, box }));
  },
};
