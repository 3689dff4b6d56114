/** The MRZ's lines as the text detector boxes them, each along its own slope: the fallback where band reading failed. */
import type { PreparedImage } from '../job.js';
import { cropLine } from '../ocr/crop.js';
import { OCR_TUNING } from '../ocr/tunables.js';
import type { Orientation } from '../ocr/direction.js';
import { convexHull, minAreaRect, orderCorners, quadSize, rectCorners, type Quad } from '../ocr/geometry.js';
import type { GreyImage } from '../image.js';
import { greyOf } from '../ocr/sampling.js';
import { detectUpright } from '../ocr/upright-text.js';
import { MRZ_TUNING } from './tunables.js';



interface DetectedLine {
  quad: Quad;
  width: number;
  height: number;
  cx: number;
  cy: number;
}

function detectedLine(quad: Quad): DetectedLine {
  return { quad, ...quadSize(quad), cx: quad.reduce((s, p) => s + p.x, 0) / 4, cy: quad.reduce((s, p) => s + p.y, 0) / 4 };
}

/** The boxes with the pieces of each row joined (MRZ_TUNING.maxJoinGap), left to right. */
function joinRows(lines: readonly DetectedLine[]): DetectedLine[] {
  const out: DetectedLine[] = [];
  for (const line of [...lines].sort((a, b) => a.cx - b.cx)) {
    const k = out.findIndex((left) => joinable(left, line));
    if (k < 0) { out.push(line); continue; }
    const left = out[k]!;
        // The smallest rectangle around both: the taller piece's height, so no character is cut short.
    out[k] = detectedLine(orderCorners(rectCorners(minAreaRect(convexHull([...left.quad, ...line.quad])))));
  }
  return out;
}

function joinable(left: DetectedLine, right: DetectedLine): boolean {
  const height = Math.max(left.height, right.height);
  const gap = Math.min(right.quad[0].x, right.quad[3].x) - Math.max(left.quad[1].x, left.quad[2].x);
  return Math.min(left.height, right.height) >= MRZ_TUNING.minJoinHeightRatio * height
    && Math.abs(left.cy - right.cy) <= MRZ_TUNING.maxJoinOffset * height
    && gap <= MRZ_TUNING.maxJoinGap * height && right.cx > left.cx;
}

export interface DetectedLineSets {
  orientation: Orientation;
  /** Sets of two or three MRZ-shaped lines, bottom-most first, as grey crops. */
  sets: GreyImage[][];
}

/** The page's MRZ-shaped line sets as the text detector boxes them on the upright page. */
export async function detectedMrzLineSets(image: Pick<PreparedImage, 'width' | 'height' | 'rgb'>): Promise<DetectedLineSets> {
    // Localised, a long line is boxed whole; full first-look size, as MRZ characters are smaller than captions.
  const { page, orientation, boxes, region } = await detectUpright(image, { localise: true, firstLookMaxSide: OCR_TUNING.detectionMaxSide });
  const lines = joinRows(boxes.map(({ quad }) => detectedLine(quad)))
    .filter((l) => l.width >= MRZ_TUNING.minLineAspect * l.height)
    .sort((a, b) => a.cy - b.cy);
  const sets: DetectedLine[][] = [];
  for (const size of [3, 2]) {
    for (let i = 0; i + size <= lines.length; i++) {
      const set = lines.slice(i, i + size);
      if (set.every((l, k) => k === 0 || alike(set[k - 1]!, l))) sets.push(set);
    }
  }
  sets.sort((a, b) => b.at(-1)!.cy - a.at(-1)!.cy);
  const crops = new Map<string, GreyImage>();
  const crop = (quad: Quad): GreyImage => {
    const key = quad.map((p) => `${p.x},${p.y}`).join(';');
    if (!crops.has(key)) crops.set(key, greyOf(cropLine(page, quad, region)));
    return crops.get(key)!;
  };
  return { orientation, sets: sets.map((set) => atLongest(set).map(crop)) };
}

/** The set's lines, each at the length of the longest from its own left end (MRZ_TUNING.maxStartOffset). */
function atLongest(set: readonly DetectedLine[]): Quad[] {
  const longest = set.reduce((a, b) => (b.width > a.width ? b : a));
  const [tl, tr, br, bl] = longest.quad;
  return set.map((line) => {
    if (line === longest || line.width >= MRZ_TUNING.minLengthRatio * longest.width) return line.quad;
    const [a, , , d] = line.quad;
    return [a, { x: a.x + tr.x - tl.x, y: a.y + tr.y - tl.y }, { x: d.x + br.x - bl.x, y: d.y + br.y - bl.y }, d];
  });
}

function alike(upper: DetectedLine, lower: DetectedLine): boolean {
  const height = Math.max(upper.height, lower.height);
  const start = (l: DetectedLine): number => (l.quad[0].x + l.quad[3].x) / 2;
  const long = Math.min(upper.width, lower.width) >= MRZ_TUNING.minLengthRatio * Math.max(upper.width, lower.width)
    || Math.abs(start(upper) - start(lower)) <= MRZ_TUNING.maxStartOffset * height;
  return long && lower.cy - upper.cy <= MRZ_TUNING.maxPitch * height && lower.cy - upper.cy >= MRZ_TUNING.minPitch * Math.min(upper.height, lower.height);
}
