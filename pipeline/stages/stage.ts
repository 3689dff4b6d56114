import { CodedError } from '../../common/errors.js';
import type { Job, PreparedImage } from '../job.js';

/** Names of the stages, in the order the runner tries them. */
export const STAGE_NAMES = Object.freeze([
  'intake', 'barcode', 'aamva', 'mrz', 'ocr', 'fields', 'face', 'spoof', 'verdict',
] as const);
export type StageName = (typeof STAGE_NAMES)[number];

export type ImageSide = 'front' | 'back' | 'face';

/** A stage: `applies` decides whether it runs, `images` what intake decodes for it, `run` adds to the job or throws. */
export interface Stage {
  readonly name: StageName;
  applies(job: Job): boolean;
  images?(job: Job): readonly ImageSide[];
  run(job: Job): Promise<void>;
}

/** The decoded front of a job; a stage that reads it cannot run without one. */
export function frontOf(job: Job): PreparedImage {
  const image = job.images.front;
  if (!image) throw new CodedError('FrontImageRequiredError');
  return image;
}
