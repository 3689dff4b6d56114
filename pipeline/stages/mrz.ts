/**
 * MRZ: the machine-readable zone of passports (type 2, on the front) and of ICAO cards (types 3,
 * 6 and 7, on the back; a TD2 card or a card photographed from the front carries it on the
 * front, so the front is tried when the back holds none).
 */
import { DocumentType } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import type { Job } from '../job.js';
import { readMrz } from '../mrz/read.js';
import type { Stage } from './stage.js';

const MRZ_TYPES: ReadonlySet<number> = new Set([
  DocumentType.Passport, DocumentType.PassportCard, DocumentType.GreenCard, DocumentType.InternationalId,
]);

/** The images to search, in order. */
function sides(job: Job): Array<'front' | 'back'> {
  if (job.input.documentType === DocumentType.Passport) return ['front'];
  return job.input.back ? ['back', 'front'] : ['front'];
}

export const mrz: Stage = {
  name: 'mrz',
  applies: (job) => MRZ_TYPES.has(job.input.documentType),
  images: sides,
  async run(job: Job): Promise<void> {
    const found = sides(job).flatMap((side) => (job.images[side] ? [{ side, image: job.images[side] }] : []));
    if (found.length === 0) throw new CodedError('FrontImageRequiredError');
    let notPresent: unknown;
    for (const { side, image } of found) {
      try {
        const { document, confidence, lines, format, reading, orientation } = await readMrz(image);
        job.machineReadable = { document, confidence };
        job.mrz = { lines, format, side, reading, ...(orientation === undefined ? {} : { orientation }) };
        return;
      } catch (error) {
        // Only "no MRZ here" sends the search on to the next image; an unreadable MRZ is final.
        if (!(error instanceof CodedError) || error.code !== 'MrzIsNotPresentError') throw error;
        notPresent = error;
      }
    }
    throw notPresent;
  },
};
