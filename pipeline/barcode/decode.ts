/** A licence back's PDF417, cheapest first: whole image, located symbols, quarter turns; null when unreadable. */
import { loadOpenCv, type OpenCv } from '../backends/opencv.js';
import { loadZxing, readPdf417, type GreyPixels } from '../backends/zxing.js';
import type { PreparedImage } from '../job.js';
import { findPdf417 } from './locate.js';
import { sharpened, uprightCrop } from './rectify.js';
import { halvedTo } from './reduce.js';
import { BARCODE_TUNING } from './tunables.js';

/** zxing reads a PDF417 upside down by itself and crops are cut level: only the last pass turns the image. */
const UPRIGHT = { tryHarder: true, tryRotate: false } as const;
const ANY_TURN = { tryHarder: true, tryRotate: true } as const;

function wellFormed(image: GreyPixels): boolean {
  return Number.isInteger(image.width) && Number.isInteger(image.height) && image.width > 0 && image.height > 0
    && image.grey instanceof Uint8Array && image.grey.length === image.width * image.height;
}

async function readLocated(cv: OpenCv, image: GreyPixels, work: GreyPixels): Promise<string | null> {
  for (const quad of findPdf417(cv, work, image.width / work.width)) {
    const crop = uprightCrop(cv, image, quad);
    const text = await readPdf417(crop, UPRIGHT) ?? await readPdf417(sharpened(cv, crop), UPRIGHT);
    if (text !== null) return text;
  }
  return null;
}

export async function decodePdf417(image: PreparedImage): Promise<string | null> {
  const [cv] = await Promise.all([loadOpenCv(), loadZxing()]);
  if (!wellFormed(image)) return null;
  try {
    const work = halvedTo(cv, image, BARCODE_TUNING.searchSide);
    return await readPdf417(work, UPRIGHT) ?? await readLocated(cv, image, work) ?? await readPdf417(image, ANY_TURN);
  } catch {
    // A wasm exception on an odd image (OpenCV throws bare heap pointers) is an unreadable image.
    return null;
  }
}
