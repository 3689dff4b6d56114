/** AAMVA fields from the PDF417 text; non-AAMVA text is TrackStringParserError from the client, PDF417Error off the back image. */
import { DocumentType } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import { parseAamva } from '../aamva/parse.js';
import type { Job } from '../job.js';
import type { Stage } from './stage.js';

export const aamva: Stage = {
  name: 'aamva',
  applies: (job) => job.input.documentType === DocumentType.ID,
  async run(job: Job): Promise<void> {
    const text = job.barcodeText;
    if (text === undefined) throw new CodedError('PDF417Error');
    try {
      const parsed = parseAamva(text);
      job.machineReadable = { document: parsed.document, confidence: parsed.confidence };
    } catch (error) {
      if (error instanceof CodedError && error.code === 'TrackStringParserError' && !job.input.trackString) {
        throw new CodedError('PDF417Error', 'The barcode on the back is not an AAMVA licence barcode.');
      }
      throw error;
    }
  },
};
