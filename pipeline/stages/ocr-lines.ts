/** OCR of any image (OcrImage): every line with its box and confidence; no text is an empty list. */
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
