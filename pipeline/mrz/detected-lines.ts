/**
 * The MRZ's lines as the front's text detector boxes them, for a page whose MRZ the band finder
 * could not find or read. The band finder (opencv-mrz.ts) cuts the MRZ as one blob and splits it
 * into lines by its rows of ink; on a page photographed at a slant the split can cut the lines
 * askew, and a band whose lines stand apart or touch the page's other print may not close into a
 * blob at all. The PP-OCR detector boxes each line on its own, along its own slope. The page is
 * first turned upright as the front's reader turns it (ocr/upright-text.ts: the boxes' shape and
 * the direction classifier), so a page on its side or upside down is read too. Used only where
 * the band reading failed, so it costs the detector's passes on those pages alone.
 */
import type { PreparedImage } from '../job.js';
import { cropLine } from '../ocr/crop.js';
import { DETECTION_MAX_SIDE } from '../ocr/detector.js';
import type { Orientation } from '../ocr/direction.js';
import { convexHull, minAreaRect, orderCorners, quadSize, rectCorners, type Quad } from '../ocr/geometry.js';
import type { GreyImage } from '../image.js';
import { greyOf } from '../ocr/sampling.js';
import { detectUpright } from '../ocr/upright-text.js';

/** An MRZ line of 30 or 44 characters, each about 0.6 of the line's height wide, is at least this much wider than high. */
const MIN_LINE_ASPECT = 12;
/** The lines of one MRZ are alike in length: the shorter at least this fraction of the longer … */
const MIN_LENGTH_RATIO = 0.85;
/**
 * … or they start together, within this many line heights, and the shorter is taken at the
 * longer's length: the detector often leaves out a line's closing run of fillers (a chevron run
 * is not the print it was trained on), and every MRZ line has the same number of characters at
 * the same pitch from the same left margin.
 */
const MAX_START_OFFSET = 1;
/** And stacked one under the other: centre to centre, between these many line heights. */
const MIN_PITCH = 0.8;
const MAX_PITCH = 2.5;

/**
 * Boxes of one row this close (gap in line heights), about as high and level with each other, are
 * one line: the detector boxes an MRZ line in pieces where a run of fillers or a glare breaks it,
 * and a piece is too short to be taken for an MRZ line. An MRZ character and its space are about
 * 0.7 line heights wide, so a gap of two heights is a few characters missed, while the next
 * column of print on a page stands further off.
 */
const MAX_JOIN_GAP = 2;
/**
 * Pieces of a row are at least this share of each other's height (a run of fillers, boxed on its
 * own, is lower than letters: a chevron stands about half a capital high) and their centres differ
 * by at most this share of a height.
 */
const MIN_JOIN_HEIGHT_RATIO = 0.45;
const MAX_JOIN_OFFSET = 0.5;

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

/** The boxes with the pieces of each row joined (MAX_JOIN_GAP), left to right. */
function joinRows(lines: readonly DetectedLine[]): DetectedLine[] {
  const out: DetectedLine[] = [];
  for (const line of [...lines].sort((a, b) => a.cx - b.cx)) {
    const k = out.findIndex((left) => joinable(left, line));
    if (k < 0) { out.push(line); continue; }
    const left = out[k]!;
    // The smallest rectangle around both pieces: the taller piece's height all along, so that a
    // piece boxed tight (a run of fillers is lower than letters) cuts no character short.
    out[k] = detectedLine(orderCorners(rectCorners(minAreaRect(convexHull([...left.quad, ...line.quad])))));
  }
  return out;
}

function joinable(left: DetectedLine, right: DetectedLine): boolean {
  const height = Math.max(left.height, right.height);
  const gap = Math.min(right.quad[0].x, right.quad[3].x) - Math.max(left.quad[1].x, left.quad[2].x);
  return Math.min(left.height, right.height) >= MIN_JOIN_HEIGHT_RATIO * height
    && Math.abs(left.cy - right.cy) <= MAX_JOIN_OFFSET * height
    && gap <= MAX_JOIN_GAP * height && right.cx > left.cx;
}

/** The detector's MRZ line sets of a page, and how far the page was turned to stand upright. */
export interface DetectedLineSets {
  orientation: Orientation;
  /** Sets of two or three MRZ-shaped lines stacked alike, bottom-most first (an MRZ ends its page), as grey crops. */
  sets: GreyImage[][];
}

/** The page's MRZ-shaped line sets as the text detector boxes them on the upright page. */
export async function detectedMrzLineSets(image: Pick<PreparedImage, 'width' | 'height' | 'rgb'>): Promise<DetectedLineSets> {
  // On a photo the detector, at its input size, may box a long line in two; localised (upright,
  // cut to the text, enlarged: ocr/localise.ts) it boxes it whole, as the front's reader does.
  // The first look is at the detector's full input size, not the front's smaller one: an MRZ's
  // characters are smaller than a front's captions, and on a photo of a small document the
  // smaller look finds too little text to place the region.
  const { page, orientation, boxes, region } = await detectUpright(image, { localise: true, firstLookMaxSide: DETECTION_MAX_SIDE });
  const lines = joinRows(boxes.map(({ quad }) => detectedLine(quad)))
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
  // A line in several sets is cut out once (for each length it is taken at).
  const crops = new Map<string, GreyImage>();
  const crop = (quad: Quad): GreyImage => {
    const key = quad.map((p) => `${p.x},${p.y}`).join(';');
    if (!crops.has(key)) crops.set(key, greyOf(cropLine(page, quad, region)));
    return crops.get(key)!;
  };
  return { orientation, sets: sets.map((set) => atLongest(set).map(crop)) };
}

/** The set's lines, each at the length of the longest from its own left end (MAX_START_OFFSET). */
function atLongest(set: readonly DetectedLine[]): Quad[] {
  const longest = set.reduce((a, b) => (b.width > a.width ? b : a));
  const [tl, tr, br, bl] = longest.quad;
  return set.map((line) => {
    if (line === longest || line.width >= MIN_LENGTH_RATIO * longest.width) return line.quad;
    const [a, , , d] = line.quad;
    return [a, { x: a.x + tr.x - tl.x, y: a.y + tr.y - tl.y }, { x: d.x + br.x - bl.x, y: d.y + br.y - bl.y }, d];
  });
}

function alike(upper: DetectedLine, lower: DetectedLine): boolean {
  const height = Math.max(upper.height, lower.height);
  const start = (l: DetectedLine): number => (l.quad[0].x + l.quad[3].x) / 2;
  const long = Math.min(upper.width, lower.width) >= MIN_LENGTH_RATIO * Math.max(upper.width, lower.width)
    || Math.abs(start(upper) - start(lower)) <= MAX_START_OFFSET * height;
  return long && lower.cy - upper.cy <= MAX_PITCH * height && lower.cy - upper.cy >= MIN_PITCH * Math.min(upper.height, lower.height);
}
