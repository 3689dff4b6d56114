/**
 * OCR of the front: its visual fields with their confidences (job.visual; the document number's
 * look-alike glyphs as the machine-readable part has them, look-alikes.ts; the dots of Ä, Ö, Ü and the
 * ring of Å as the MRZ spells them, mrz-marks.ts), and the fields only the
 * front carries (job.frontOnly): the reader's front-only part plus every visual field the
 * machine-readable part lacks, so that the response's document holds both; and the holder's
 * signature as a PNG (job.signature) where the front shows one.
 */
import type { DocumentField, DocumentFields } from '../../common/document.js';
import { encodePng } from '../backends/sharp.js';
import { settleLookAlikes } from '../front/look-alikes.js';
import { settleMrzMarks } from '../front/mrz-marks.js';
import { readFront } from '../front/read-front.js';
import type { FieldSet, Job } from '../job.js';
import { mrzDocument } from '../mrz/fields.js';
import { settledNames } from '../mrz/settle-names.js';
import { frontOf, type Stage } from './stage.js';

const NAME_FIELDS: readonly DocumentField[] = ['familyName', 'privateName', 'firstName', 'middleName'];

/** The holder's names as the machine-readable part holds them, each once, in capitals. */
export function machineNames(machine: DocumentFields): string[] {
  const names = NAME_FIELDS.flatMap((field) => (machine[field] === undefined ? [] : [machine[field]!.trim().toUpperCase()]));
  return [...new Set(names)].filter((name) => name !== '');
}

/** The MRZ's doubtful name letters as the visual zone reads them (mrz/settle-names.ts). */
function settleMrzNames(job: Job, visual: FieldSet): void {
  if (job.mrz === undefined) return;
  const reading = settledNames(job.mrz.reading, job.mrz.format, visual.document, visual.confidence);
  if (reading === undefined) return;
  const { document, confidence } = mrzDocument(reading, job.mrz.format);
  job.mrz = { ...job.mrz, lines: reading.lines, reading };
  job.machineReadable = { document, confidence };
}

export const ocr: Stage = {
  name: 'ocr',
  applies: (job) => job.input.front !== null,
  images: () => ['front'],
  async run(job: Job): Promise<void> {
    // A front whose MRZ was read needs not be read there again, nor asked which way up it stands.
    const onFront = job.mrz?.side === 'front' ? job.mrz : undefined;
    const read = job.machineReadable?.document ?? {};
    const known = { knownMrz: onFront?.lines, orientation: onFront?.orientation, knownNames: machineNames(read) };
    const front = await readFront(frontOf(job), job.input.documentType, known, read);
    // The MRZ's names as the front settles them, for the steps below and the verdict.
    settleMrzNames(job, front.visual);
    const machine = job.machineReadable?.document ?? {};
    // The front's O and 0 are alike; the machine-readable number says which they are.
    const visual = settleLookAlikes(front.visual, machine.id);
    // An MRZ spells out the dots of Ä, Ö, Ü and the ring of Å, which blur takes off the front.
    job.visual = job.mrz === undefined ? visual : settleMrzMarks(visual, machine);
    const frontOnly: DocumentFields = { ...front.frontOnly };
    for (const [field, value] of Object.entries(front.visual.document) as [DocumentField, string][]) {
      if (machine[field] === undefined) frontOnly[field] = value;
    }
    job.frontOnly = frontOnly;
    if (front.signature) {
      const { rgb, width, height } = front.signature;
      job.signature = await encodePng(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), width, height, 3);
    }
  },
};
