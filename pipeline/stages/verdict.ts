/** Verdict: decisions.md's documentVerificationResult from what the readers produced. */
import type { Job } from '../job.js';
import { decide } from '../verdict/decide.js';
import type { Stage } from './stage.js';

export const verdict: Stage = {
  name: 'verdict',
  applies: (job) => job.machineReadable !== undefined || job.visual !== undefined,
  async run(job: Job): Promise<void> {
    job.verdict = decide(job.machineReadable, job.visual, new Date());
  },
};
