/**
 * The MRZ reader's entry: OpenCV.js loaded once per worker, then search-page.ts.
 */
import { loadOpenCv } from '../backends/opencv.js';
import type { PreparedImage } from '../job.js';
import { readMrzWith, type MrzResult } from './search-page.js';

export type { MrzResult } from './search-page.js';

/**
 * Finds and reads the MRZ of a page. Throws CodedError MrzIsNotPresentError when the page shows
 * none, MRZOCRError when one is there but cannot be read into a valid structure. Failing check
 * digits do not throw: their fields come with confidence 0.
 */
export async function readMrz(image: PreparedImage): Promise<MrzResult> {
  return readMrzWith(await loadOpenCv(), image);
}
