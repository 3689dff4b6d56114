/** OCR of the front alone: machine-readable values may say where to look, never become `visual` (decisions.md). */
import type { DocumentField, DocumentFields } from '../../common/document.js';
import { encodePng } from '../backends/sharp.js';
import { readFront } from '../front/read-front.js';
import type { Job } from '../job.js';
import { frontOf, type Stage } from './stage.js';

const NAME_FIELDS: readonly DocumentField[] = ['familyName', 'privateName', 'firstName', 'middleName'];

/** The holder's names as the machine-readable part holds them, each once, in capitals. */
export function machineNames(machine: DocumentFields): string[] {
  const names = NAME_FIELDS.flatMap((field) => (machine[field] === undefined ? [] : [machine[field]!.trim().toUpperCase()]));
  return [...new Set(names)].filter((name) => name !== '');
}

export const ocr: Stage = {
  name: 'ocr',
  applies: (job) => job.input.front !== null,
  images: () => ['front'],
  async run(job: Job): Promise<void> {
    // A front whose MRZ was read needs not be read there again, nor asked which way up it stands.
    const onFront = job.mrz?.side === 'front' ? job.mrz : undefined;
    const machine = job.machineReadable?.document ?? {};
    const known = { knownMrz: onFront?.lines, orientation: onFront?.orientation, knownNames: machineNames(machine) };
    const front = await readFront(frontOf(job), job.input.documentType, known, machine);
    job.visual = front.visual;
    job.frontReadings = front.readings;
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
