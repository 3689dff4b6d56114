/** The MRZ reader's entry: OpenCV.js loaded once per worker, then search-page.ts. */
import { loadOpenCv } from '../backends/opencv.js';
import type { PreparedImage } from '../job.js';
import { readMrzWith, type MrzResult } from './search-page.js';

export type { MrzResult } from './search-page.js';

/** Finds and reads a page's MRZ: MrzIsNotPresentError or MRZOCRError; failing checks give fields confidence 0. */
export async function readMrz(image: PreparedImage): Promise<MrzResult> {
  return readMrzWith(await loadOpenCv(), image);
}
