/** Verdict: decisions.md's documentVerificationResult from what the readers produced. */
import type { Job } from '../job.js';
import { decide } from '../verdict/decide.js';
import type { Stage } from './stage.js';

export const verdict: Stage = {
  name: 'verdict',
  applies: (job) => job.machineReadable !== undefined || job.visual !== undefined,
  async run(job: Job): Promise<void> {
    job.verdict = decide({
      machine: job.machineReadable, visual: job.visual, readings: job.frontReadings, kind: job.mrz === undefined ? 'barcode' : 'mrz',
      ...(job.mrzTextMatch === undefined ? {} : { textMatch: job.mrzTextMatch }),
    }, new Date());
  },
};
