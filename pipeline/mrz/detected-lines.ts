/**
 * The MRZ's lines as the front's text detector boxes them, for a page whose MRZ the band finder
 * could not read. The band finder (opencv-mrz.ts) cuts the MRZ as one blob and splits it into
 * lines by its rows of ink; on a page photographed at a slant the split can cut the lines askew
 * (4242-34, a TD1 back: its checks failed over doubtful characters). The PP-OCR detector boxes
 * each line on its own, along its own slope, and those lines read exactly. Used only where the
 * band reading failed, so it costs a detector pass on those pages alone.
 */
import type { PreparedImage } from '../job.js';
import { cropLine } from '../ocr/crop.js';
import { detectText } from '../ocr/detector.js';
import { quadSize, type Quad } from '../ocr/geometry.js';
import { detectRegion, localiseText } from '../ocr/localise.js';
import type { GreyImage } from '../image.js';
import { greyOf } from '../ocr/sampling.js';

/** An MRZ line of 30 or 44 characters, each about 0.6 of the line's height wide, is at least this much wider than high. */
const MIN_LINE_ASPECT = 12;
/** The lines of one MRZ are alike in length: the shorter at least this fraction of the longer. */
const MIN_LENGTH_RATIO = 0.85;
/** And stacked one under the other: centre to centre, between these many line heights. */
const MIN_PITCH = 0.8;
const MAX_PITCH = 2.5;

interface DetectedLine {
  quad: Quad;
  width: number;
  height: number;
  cy: number;
}

/** Sets of two or three MRZ-shaped lines stacked alike, bottom-most first (an MRZ ends its page), as grey crops. */
export async function detectedMrzLineSets(image: Pick<PreparedImage, 'width' | 'height' | 'rgb'>): Promise<GreyImage[][]> {
  // On a photo the detector, at its input size, may box a long line in two; localised (upright,
  // cut to the text, enlarged: ocr/localise.ts) it boxes it whole, as the front's reader does.
  const first = await detectText(image);
  const region = localiseText(image, first);
  const boxes = region === undefined ? first : await detectRegion(image, region);
  const lines: DetectedLine[] = boxes
    .map(({ quad }) => ({ quad, ...quadSize(quad), cy: quad.reduce((s, p) => s + p.y, 0) / 4 }))
    .filter((l) => l.width >= MIN_LINE_ASPECT * l.height)
    .sort((a, b) => a.cy - b.cy);
  const sets: DetectedLine[][] = [];
  for (const size of [3, 2]) {
    for (let i = 0; i + size <= lines.length; i++) {
      const set = lines.slice(i, i + size);
      if (set.every((l, k) => k === 0 || alike(set[k - 1]!, l))) sets.push(set);
    }
  }
  sets.sort((a, b) => b.at(-1)!.cy - a.at(-1)!.cy);
  // A line in several sets is cut out once.
  const crops = new Map([...new Set(sets.flat())].map((l) => [l, greyOf(cropLine(image, l.quad, region))]));
  return sets.map((set) => set.map((l) => crops.get(l)!));
}

function alike(upper: DetectedLine, lower: DetectedLine): boolean {
  const height = Math.max(upper.height, lower.height);
  return Math.min(upper.width, lower.width) >= MIN_LENGTH_RATIO * Math.max(upper.width, lower.width)
    && lower.cy - upper.cy <= MAX_PITCH * height && lower.cy - upper.cy >= MIN_PITCH * Math.min(upper.height, lower.height);
}
