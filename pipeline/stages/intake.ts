/** Intake: each image a later stage reads decoded once (EXIF, ≤ 1500 px, RGB and grey), its capture quality measured. */
import { decodeImage } from '../backends/sharp.js';
import { captureReasons, measureCapture } from '../capture/index.js';
import type { Job } from '../job.js';
import type { ImageSide, Stage } from './stage.js';

const FIELD_NAMES: Readonly<Record<ImageSide, string>> = {
  front: 'frontImageBase64',
  back: 'backOrSecondImageBase64',
  face: 'faceImageBase64',
};

export function intakeFor(readers: readonly Stage[]): Stage {
  const needed = (job: Job): Set<ImageSide> =>
    new Set(readers.filter((stage) => stage.applies(job)).flatMap((stage) => stage.images?.(job) ?? []));
  return {
    name: 'intake',
    applies: (job) => needed(job).size > 0,
    async run(job: Job): Promise<void> {
      for (const side of needed(job)) {
        const bytes = job.input[side];
        if (bytes === null || bytes.byteLength === 0) continue;
        const image = await decodeImage(bytes, FIELD_NAMES[side]);
        job.images[side] = { width: image.width, height: image.height, grey: image.grey, rgb: image.rgb };
        const quality = measureCapture(side, image, bytes, job.input.documentType, image.sourceWidth / image.width);
        job.quality.push({ ...quality, downscaled: image.downscaled, reasons: captureReasons(quality) });
      }
    },
  };
}
