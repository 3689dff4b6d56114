/** The MRZ reader's entry: OpenCV.js loaded once per worker, then search-page.ts. */
import { loadOpenCv } from '../backends/opencv.js';
import type { PreparedImage } from '../job.js';
import { readMrzWith, type MrzResult } from './search-page.js';

export type { MrzResult } from './search-page.js';

/**
 * Finds and reads the MRZ of a page: MrzIsNotPresentError where there is none, MRZOCRError where it
 * cannot be read; failing checks do not throw, their fields get confidence 0.
 */
export async function readMrz(image: PreparedImage): Promise<MrzResult> {
  return readMrzWith(await loadOpenCv(), image);
}
