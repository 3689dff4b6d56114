/** The MRZ band by morphology on gradients (blackhat, Scharr x, closings, Otsu, erosion, contours), warped out upright. */
import type { GreyImage } from '../image.js';
import { matFromPixels, pixelsOf, withMats, type Mat, type OpenCv } from './opencv.js';

interface ContourVector { size(): number; get(i: number): Mat; delete(): void }

/** Width the search runs at (pages are scaled to it): MRZ characters stay 6–16 px high there. */
const WORK_WIDTH = 640;
/** A band is at least this flat (TD1: about 4.5; TD2/TD3: 7–9) … */
const MIN_ASPECT = 3;
/** … and spans at least this share of the searched image's width. */
const MIN_WIDTH_SHARE = 0.25;
/** Erosion after the closings cuts thin bridges between a band and its neighbours … */
export const ERODE_ITERATIONS = 4;
/** … and, on a second look where no band read, twice as thick: a stamp over the MRZ's top line joins the band into a blob. */
export const DEEP_ERODE_ITERATIONS = 8;
/** At most this share of the page's gradient response is taken for text. */
const TEXT_SHARE = 0.15;

export interface Band {
  /** Centre, size (long side first) and skew in page pixels; angle in degrees, as cv.getRotationMatrix2D takes it. */
  cx: number;
  cy: number;
  width: number;
  height: number;
  angle: number;
}

function percentile(data: Uint8Array, share: number): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of data) hist[v]!++;
  let above = 0;
  for (let v = 255; v > 0; v--) {
    above += hist[v]!;
    if (above >= share * data.length) return v;
  }
  return 0;
}

/** Long flat blobs of text: MRZ bands, or single MRZ lines too far apart to join (mrz/band-group.ts joins those). */
export function findBands(cv: OpenCv, page: GreyImage, erosion = ERODE_ITERATIONS): Band[] {
  // Small pages are enlarged too: the kernels and the erosion assume text of the work width's size.
  const scale = WORK_WIDTH / page.width;
  return withMats((track) => {
    const src = track(matFromPixels(cv, page.grey, page.width, page.height));
    const small = track(new cv.Mat());
    cv.resize(src, small, new cv.Size(Math.round(page.width * scale), Math.round(page.height * scale)), 0, 0, scale < 1 ? cv.INTER_AREA : cv.INTER_LINEAR);
    const w = small.cols;
    // Kernels scale with the work width: a character is about w/60 wide on a page-filling MRZ.
    const lineKernel = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(Math.max(9, Math.round(w / 60)), Math.max(3, Math.round(w / 160)))));
    const bandKernel = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(Math.max(15, Math.round(w / 38)), Math.max(15, Math.round(w / 38)))));
    const blurred = track(new cv.Mat());
    cv.GaussianBlur(small, blurred, new cv.Size(3, 3), 0);
    const blackhat = track(new cv.Mat());
    cv.morphologyEx(blurred, blackhat, cv.MORPH_BLACKHAT, lineKernel);
    const gradient = track(new cv.Mat());
    cv.Scharr(blackhat, gradient, cv.CV_32F, 1, 0);
    const magnitude = track(new cv.Mat());
    cv.convertScaleAbs(gradient, magnitude);
    const mask = track(new cv.Mat());
    cv.morphologyEx(magnitude, mask, cv.MORPH_CLOSE, lineKernel);
    // Otsu alone lets a guilloche background through; text never covers more than a small share of a page.
    const otsu = cv.threshold(mask, track(new cv.Mat()), 0, 255, cv.THRESH_BINARY | cv.THRESH_OTSU);
    cv.threshold(mask, mask, Math.max(otsu, percentile(mask.data, TEXT_SHARE) - 1), 255, cv.THRESH_BINARY);
    cv.morphologyEx(mask, mask, cv.MORPH_CLOSE, bandKernel);
    // OpenCV erodes as if the image continued past its edge, keeping lines joined there: erode from a black frame.
    cv.rectangle(mask, new cv.Point(0, 0), new cv.Point(mask.cols - 1, mask.rows - 1), new cv.Scalar(0), 1);
    cv.erode(mask, mask, track(new cv.Mat()), new cv.Point(-1, -1), erosion);
    const contours = track(new cv.MatVector()) as unknown as ContourVector;
    const hierarchy = track(new cv.Mat());
    cv.findContours(mask, contours as unknown as Mat, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const bands: Band[] = [];
    for (let i = 0; i < contours.size(); i++) {
      const contour = contours.get(i);
      const rect = cv.minAreaRect(contour);
      contour.delete();
      let { width, height } = rect.size;
      let angle = rect.angle;
      if (width < height) { [width, height] = [height, width]; angle += 90; }
      while (angle > 90) angle -= 180;
      while (angle <= -90) angle += 180;
      // Skew beyond 45° is a page on its side: the caller turns the page and searches again.
      if (Math.abs(angle) > 45 || width < MIN_ASPECT * height || width < MIN_WIDTH_SHARE * w) continue;
      // … and shrinks every blob by its depth on each side: given back, so a line's height is its text's.
      const grown = 2 * erosion;
      bands.push({ cx: rect.center.x / scale, cy: rect.center.y / scale, width: (width + grown) / scale, height: (height + grown) / scale, angle });
    }
    return bands;
  });
}

/** The band cut out upright, `padX`/`padY` of its size added on each side to keep the characters' edges. */
export function cutBand(cv: OpenCv, page: GreyImage, band: Band, padX = 0.04, padY = 0.25): GreyImage {
  const width = Math.round(band.width * (1 + 2 * padX));
  const height = Math.round(band.height * (1 + 2 * padY));
  return withMats((track) => {
    const src = track(matFromPixels(cv, page.grey, page.width, page.height));
    const out = track(new cv.Mat());
    const rotation = track(cv.getRotationMatrix2D(new cv.Point(band.cx, band.cy), band.angle, 1));
    rotation.doublePtr(0, 2)[0] += width / 2 - band.cx;
    rotation.doublePtr(1, 2)[0] += height / 2 - band.cy;
    cv.warpAffine(src, out, rotation, new cv.Size(width, height), cv.INTER_LINEAR, cv.BORDER_REPLICATE);
    return { width, height, grey: pixelsOf(out) };
  });
}
