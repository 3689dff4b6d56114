/**
 * Reading the PDF417 of a licence back. The cheap path comes first: zxing on the image as it is
 * (halved when large, reduce.ts), which reads scans and square-on photos in a few milliseconds. Failing that, OpenCV.js finds
 * the symbol (locate.ts), the symbol is warped upright (rectify.ts) and zxing reads the crop,
 * then a sharpened copy of it. A last, thorough pass lets zxing turn the whole image by quarter
 * turns, for a symbol standing on its side.
 *
 * Errors: every image the reader cannot read, a malformed buffer included, yields null: the
 * caller (the barcode stage) turns that into PDF417Error. What escapes is only a failure to load
 * the wasm modules, which is the worker's fault, not the image's.
 */
import { loadOpenCv, type OpenCv } from '../backends/opencv.js';
import { loadZxing, readPdf417, type GreyPixels } from '../backends/zxing.js';
import type { PreparedImage } from '../job.js';
import { SEARCH_SIDE, findPdf417 } from './locate.js';
import { sharpened, uprightCrop } from './rectify.js';
import { halvedTo } from './reduce.js';

/**
 * The cheap pass (the whole image, halved when large) and the crops need no quarter turns: zxing
 * reads a PDF417 upside down by itself, and a crop is cut with the symbol's rows level. Only the
 * last pass over the whole image turns it, for a symbol standing on its side.
 */
const UPRIGHT = { tryHarder: true, tryRotate: false } as const;
const ANY_TURN = { tryHarder: true, tryRotate: true } as const;

function wellFormed(image: GreyPixels): boolean {
  return Number.isInteger(image.width) && Number.isInteger(image.height) && image.width > 0 && image.height > 0
    && image.grey instanceof Uint8Array && image.grey.length === image.width * image.height;
}

/** Reads the symbols located on `work` (a reduced copy of `image`) from `image` itself. */
async function readLocated(cv: OpenCv, image: GreyPixels, work: GreyPixels): Promise<string | null> {
  for (const quad of findPdf417(cv, work, image.width / work.width)) {
    const crop = uprightCrop(cv, image, quad);
    const text = await readPdf417(crop, UPRIGHT) ?? await readPdf417(sharpened(cv, crop), UPRIGHT);
    if (text !== null) return text;
  }
  return null;
}

/** The text of the PDF417 symbol on `image`, or null when none can be read. */
export async function decodePdf417(image: PreparedImage): Promise<string | null> {
  const [cv] = await Promise.all([loadOpenCv(), loadZxing()]);
  if (!wellFormed(image)) return null;
  try {
    const work = halvedTo(cv, image, SEARCH_SIDE);
    return await readPdf417(work, UPRIGHT) ?? await readLocated(cv, image, work) ?? await readPdf417(image, ANY_TURN);
  } catch {
    // A wasm exception on an odd image (OpenCV throws bare heap pointers) is an unreadable image.
    return null;
  }
}
