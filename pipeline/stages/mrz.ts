/** The MRZ stage: a client's MRZ is parsed, the image read all the same and compared; where none reads, the client's stands in. */
import { DocumentType } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import type { Job } from '../job.js';
import { compareMrzText, uncomparedMrzText } from '../mrz/compare-text.js';
import { parseMrzText } from '../mrz/parse-text.js';
import { readMrz, type MrzResult } from '../mrz/read-mrz.js';
import type { Stage } from './stage.js';

const MRZ_TYPES: ReadonlySet<number> = new Set([
  DocumentType.Passport, DocumentType.PassportCard, DocumentType.GreenCard, DocumentType.InternationalId,
]);

function sides(job: Job): Array<'front' | 'back'> {
  if (job.input.documentType === DocumentType.Passport) return ['front'];
  return job.input.back ? ['back', 'front'] : ['front'];
}

/** The first MRZ the images show, or the error of the search: MrzIsNotPresentError when none shows one. */
async function readImages(job: Job): Promise<{ side: 'front' | 'back'; result: MrzResult } | { error: CodedError }> {
  const found = sides(job).flatMap((side) => (job.images[side] ? [{ side, image: job.images[side] }] : []));
  if (found.length === 0) return { error: new CodedError('FrontImageRequiredError') };
  let notPresent: CodedError | undefined;
  for (const { side, image } of found) {
    try {
      return { side, result: await readMrz(image) };
    } catch (error) {
      // Only "no MRZ here" sends the search on to the next image; an unreadable MRZ is final.
      if (!(error instanceof CodedError)) throw error;
      if (error.code !== 'MrzIsNotPresentError') return { error };
      notPresent = error;
    }
  }
  return { error: notPresent! };
}

export const mrz: Stage = {
  name: 'mrz',
  applies: (job) => MRZ_TYPES.has(job.input.documentType),
  images: sides,
  async run(job: Job): Promise<void> {
    const sent = job.input.trackString ? parseMrzText(job.input.trackString) : undefined;
    const read = await readImages(job);
    if ('result' in read) {
      const { document, confidence, lines, format, reading, orientation } = read.result;
      job.machineReadable = { document, confidence };
      job.mrz = { lines, format, side: read.side, reading, ...(orientation === undefined ? {} : { orientation }) };
      if (sent !== undefined) job.mrzTextMatch = compareMrzText(sent, { format, reading });
      return;
    }
    if (sent === undefined) throw read.error;
    job.machineReadable = { document: sent.document, confidence: sent.confidence };
    job.mrz = { lines: sent.lines, format: sent.format, side: 'trackString', reading: sent.reading };
    job.mrzTextMatch = uncomparedMrzText(read.error.code === 'MrzIsNotPresentError' ? 'none' : 'unreadable');
  },
};
