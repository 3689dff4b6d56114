/** PDF417 symbols by OpenCV.js: |Sobel x| − |Sobel y|, Otsu, close, open, the largest blocks' minAreaRect corners. */
import { matFromPixels, withMats, type Mat, type OpenCv, type Track } from '../backends/opencv.js';
import type { GreyPixels } from '../backends/zxing.js';
import { halvedTo } from './reduce.js';
import { BARCODE_TUNING } from './tunables.js';

/** Corners in image pixels, clockwise from the symbol's top-left as read. */
export type Quad = readonly [Point, Point, Point, Point];
export interface Point { x: number; y: number }

interface ContourVector { size(): number; get(i: number): Mat }

function cornersOf(cv: OpenCv, contour: Mat, scale: number): Quad | null {
  const rect = cv.minAreaRect(contour);
  let { width, height } = rect.size;
  let angle = (rect.angle * Math.PI) / 180;
  if (width < height) { [width, height] = [height, width]; angle += Math.PI / 2; }
  if (width < 4 || height < 4 || width > BARCODE_TUNING.maxAspect * height) return null;
  let ux = Math.cos(angle);
  let uy = Math.sin(angle);
  if (ux < 0) { ux = -ux; uy = -uy; }
  const vx = -uy;
  const vy = ux;
  const points = contour.data32S;
  const best = [{ score: Infinity, i: 0 }, { score: -Infinity, i: 0 }, { score: -Infinity, i: 0 }, { score: Infinity, i: 0 }];
  for (let i = 0; i < points.length; i += 2) {
    const u = points[i]! * ux + points[i + 1]! * uy;
    const v = points[i]! * vx + points[i + 1]! * vy;
    // top-left: least u+v; top-right: most u−v; bottom-right: most u+v; bottom-left: least u−v.
    if (u + v < best[0]!.score) best[0] = { score: u + v, i };
    if (u - v > best[1]!.score) best[1] = { score: u - v, i };
    if (u + v > best[2]!.score) best[2] = { score: u + v, i };
    if (u - v < best[3]!.score) best[3] = { score: u - v, i };
  }
  const corner = ({ i }: { i: number }): Point => ({ x: (points[i]! + 0.5) / scale, y: (points[i + 1]! + 0.5) / scale });
  return [corner(best[0]!), corner(best[1]!), corner(best[2]!), corner(best[3]!)];
}

/** Where bars stand: |∂x| − |∂y|, saturated (cheaper here than cv.convertScaleAbs and cv.subtract). */
function barResponse(cv: OpenCv, track: Track, grey: Mat): Mat {
  const gx = track(new cv.Mat());
  const gy = track(new cv.Mat());
  cv.Sobel(grey, gx, cv.CV_16S, 1, 0, 3);
  cv.Sobel(grey, gy, cv.CV_16S, 0, 1, 3);
  const x = gx.data16S;
  const y = gy.data16S;
  const bars = track(new cv.Mat(grey.rows, grey.cols, cv.CV_8UC1));
  const out = bars.data;
  for (let i = 0; i < out.length; i++) {
    const d = Math.abs(x[i]!) - Math.abs(y[i]!);
    out[i] = d <= 0 ? 0 : d >= 255 ? 255 : d;
  }
  return bars;
}

/** Quadrilaterals that may hold a PDF417, most promising first; `toSource` scales a reduced copy's pixels to the source's. */
export function findPdf417(cv: OpenCv, image: GreyPixels, toSource = 1): Quad[] {
  return withMats((track) => {
    const work = halvedTo(cv, image, BARCODE_TUNING.searchSide);
    const grey = track(matFromPixels(cv, work.grey, work.width, work.height));
    const mask = track(new cv.Mat());
    cv.pyrDown(barResponse(cv, track, grey), mask);
    const scale = mask.cols / (image.width * toSource);
    cv.threshold(mask, mask, 0, 255, cv.THRESH_BINARY | cv.THRESH_OTSU);
    const side = Math.max(mask.cols, mask.rows);
    const join = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(Math.max(5, Math.round(side / 40)), Math.max(3, Math.round(side / 90)))));
    cv.morphologyEx(mask, mask, cv.MORPH_CLOSE, join);
    const speck = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    cv.morphologyEx(mask, mask, cv.MORPH_OPEN, speck, new cv.Point(-1, -1), 2);

    const contours = track(new cv.MatVector()) as unknown as ContourVector;
    cv.findContours(mask, contours as unknown as Mat, track(new cv.Mat()), cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const blocks: { area: number; quad: Quad }[] = [];
    const minArea = BARCODE_TUNING.minAreaShare * mask.cols * mask.rows;
    for (let i = 0; i < contours.size(); i++) {
      const contour = track(contours.get(i));
      const area = cv.contourArea(contour);
      if (area < minArea) continue;
      const quad = cornersOf(cv, contour, scale);
      if (quad) blocks.push({ area, quad });
    }
    return blocks.sort((a, b) => b.area - a.area).slice(0, BARCODE_TUNING.maxCandidates).map((block) => block.quad);
  });
}
