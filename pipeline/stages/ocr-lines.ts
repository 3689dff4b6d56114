/**
 * OCR of any image, for the OcrImage RPC: every line of text with its box and confidence, no field
 * extraction. An image without text answers an empty list, not an error: the caller asked what
 * text is there, and "none" is an answer.
 */
import { CodedError } from '../../common/errors.js';
import type { Job } from '../job.js';
import { readLines } from '../ocr/read-lines.js';
import type { Stage } from './stage.js';

export const ocrLines: Stage = {
  name: 'ocr',
  applies: (job) => job.input.front !== null,
  images: () => ['front'],
  async run(job: Job): Promise<void> {
    const image = job.images.front;
    if (!image) throw new CodedError('FrontImageRequiredError');
    job.ocrLines = (await readLines(image)).map(({ text, confidence, box }) => ({ text, confidence, box }));
  },
};
