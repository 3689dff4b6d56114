/** A page's text boxes, turned upright first (direction.ts), optionally detected again in its text region (localise.ts). */
import type { ScoredQuad } from './db-postprocess.js';
import { detectText } from './detector.js';
import { pageOrientation, type Orientation } from './direction.js';
import { detectRegion, localiseText, type Region } from './localise.js';
import { rotateImage } from './sampling.js';
import type { RgbImage } from '../image.js';
import { OCR_TUNING } from './tunables.js';


export interface UprightText {
  page: RgbImage;
  orientation: Orientation;
  /** The text boxes: in `region`'s frame where there is one, otherwise in the upright page's. */
  boxes: ScoredQuad[];
  region?: Region;
}

export interface UprightOptions {
  localise?: boolean;
  /** Set where another reader has settled it: the classifier is then not asked. */
  orientation?: Orientation;
    /** The first looks' input side (default OCR_TUNING.firstLookMaxSide); larger for text smaller than captions. */
  firstLookMaxSide?: number;
}

export async function detectUpright(image: RgbImage, options: UprightOptions = {}): Promise<UprightText> {
  const localise = options.localise === true;
    // Detected again in the region, the first looks need only orientation and extent.
  const firstLook = localise ? { maxSide: options.firstLookMaxSide ?? OCR_TUNING.firstLookMaxSide } : {};
  // An orientation given is applied before the first look, which then needs no second.
  let page: RgbImage = options.orientation ? rotateImage(image, options.orientation) : image;
  let boxes = await detectText(page, firstLook);
  const orientation = options.orientation ?? await pageOrientation(page, boxes.map((b) => b.quad));
  if (options.orientation === undefined && orientation !== 0) {
    page = rotateImage(page, orientation);
    boxes = await detectText(page, firstLook);
  }
  const region = localise ? localiseText(page, boxes) : undefined;
  if (localise) boxes = region === undefined ? await detectText(page) : await detectRegion(page, region);
  return { page, orientation, boxes, ...(region === undefined ? {} : { region }) };
}
