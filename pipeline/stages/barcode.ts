/** The PDF417 text of a US/Canadian licence: the client's trackString when sent, otherwise decoded from the back. */
import { DocumentType } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import { decodePdf417 } from '../barcode/decode.js';
import type { Job } from '../job.js';
import type { Stage } from './stage.js';

export const barcode: Stage = {
  name: 'barcode',
  applies: (job) => job.input.documentType === DocumentType.ID,
  images: (job) => (job.input.trackString ? [] : ['back']),
  async run(job: Job): Promise<void> {
    if (job.input.trackString) {
      job.barcodeText = job.input.trackString;
      return;
    }
    if (!job.images.back) throw new CodedError('BackImageOrTrackStringNotPresentError');
    const text = await decodePdf417(job.images.back);
    if (text === null) throw new CodedError('PDF417Error', 'No PDF417 barcode could be read from the back image.');
    job.barcodeText = text;
  },
};
