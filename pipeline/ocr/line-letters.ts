/**
 * The letters of one recognised line, found in its ink: what the accents (diacritics.ts) and the
 * word spaces (word-spaces.ts) of a line of capitals are read from, where the recogniser's own
 * output misses them.
 *
 * The line is cut from the page again, grown up and down (the detector's box hugs the letters and
 * may cut a mark off), and its ink split into blobs (ink.ts). The tall ones, centred within the
 * detector's box, are letters: their median top and bottom are the cap line and the baseline. A
 * character of the decoded text stands at the centre of its frames (the recogniser's time steps,
 * 8 input columns each), which ties a blob to the character nearest it.
 */
import { isTall } from './crop.js';
import { quadSize, type Point, type Quad } from './geometry.js';
import { inkBlobs, type Ink, type InkBlob } from './ink.js';
import { inputWidth, type GreyImage } from './recognizer.js';
import { greyOf, warpQuad, type RgbImage } from './sampling.js';

/** Time steps of the recogniser: one per this many input columns. */
const STEP_COLUMNS = 8;
/** The crop reaches this share of the box's height above it, and this share below. */
const REACH_UP = 0.6;
const REACH_DOWN = 0.35;
/** A letter is at least this share of the box's height tall. */
const LETTER_OF_BOX = 0.4;
/** A letter blob is tied to the character whose frames are within this share of the pitch of it. */
export const LETTER_REACH = 0.7;
/** A letter is at least this share of the typical letter height (and at most its inverse squared). */
const LETTER_SHARE = 0.75;

export interface LineLetters {
  /** The grown crop, grey, and its ink. */
  grey: GreyImage;
  ink: Ink;
  /** The letter blobs, left to right. */
  letters: InkBlob[];
  capLine: number;
  baseline: number;
  capHeight: number;
  /** Crop pixels per recogniser input column. */
  scale: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The line's box grown up and down along its sides, to take in the marks it may have cut off. */
function grown(quad: Quad): Quad {
  const [tl, tr, br, bl] = quad;
  const along = (from: Point, to: Point, share: number): Point => ({ x: from.x + (from.x - to.x) * share, y: from.y + (from.y - to.y) * share });
  return [along(tl, bl, REACH_UP), along(tr, br, REACH_UP), along(br, tr, REACH_DOWN), along(bl, tl, REACH_DOWN)];
}

/** The letters of the line `quad` of `page`; undefined for an upright box or fewer than two letters. */
export function lineLetters(page: RgbImage, quad: Quad): LineLetters | undefined {
  if (isTall(quad)) return undefined;
  const size = quadSize(quad);
  const box = { width: Math.max(1, Math.round(size.width)), height: Math.max(1, Math.round(size.height)) };
  const crop = warpQuad(page, grown(quad), box.width, Math.round(box.height * (1 + REACH_UP + REACH_DOWN)));
  const grey = greyOf(crop);
  const ink = inkBlobs(grey);
  // Letters of this line: tall, centred within the detector's box, not cut by the crop's border
  // (the lines above and below reach into the grown crop).
  const boxTop = Math.round(REACH_UP * box.height);
  const tall = ink.blobs.filter((b) => b.bottom - b.top + 1 >= LETTER_OF_BOX * box.height && !b.atEdge
    && b.cy >= boxTop && b.cy <= boxTop + box.height);
  if (tall.length < 2) return undefined;
  const typical = median(tall.map((b) => b.bottom - b.top + 1));
  const letters = tall.filter((b) => {
    const h = b.bottom - b.top + 1;
    return h >= LETTER_SHARE * typical && h <= typical / LETTER_SHARE ** 2;
  }).sort((a, b) => a.left - b.left);
  if (letters.length < 2) return undefined;
  const capLine = median(letters.map((b) => b.top));
  const baseline = median(letters.map((b) => b.bottom));
  return { grey, ink, letters, capLine, baseline, capHeight: baseline - capLine + 1, scale: box.width / inputWidth(box) };
}

/**
 * Where each character stands in the crop (the centre of its frames), the character pitch, and
 * the character nearest a crop column within `reach` pitches.
 */
export function charPlaces(line: LineLetters, spans: readonly (readonly [number, number])[], reach: number) {
  const centres = spans.map(([first, last]) => ((first + last) / 2 + 0.5) * STEP_COLUMNS * line.scale);
  const gaps = centres.slice(1).map((c, i) => c - centres[i]!).filter((g) => g > 0);
  const pitch = gaps.length > 0 ? median(gaps) : line.capHeight;
  const nearest = (x: number): number | undefined => {
    let best = -1;
    centres.forEach((c, i) => { if (best < 0 || Math.abs(c - x) < Math.abs(centres[best]! - x)) best = i; });
    return best >= 0 && Math.abs(centres[best]! - x) <= reach * pitch ? best : undefined;
  };
  return { centres, pitch, nearest };
}

/** For each character of `text`, whether its word (between spaces) holds a digit: a number, whose letters take no marks. */
export function numberWords(text: string): boolean[] {
  return wordsWhere(text, (word) => /\d/.test(word));
}

/** For each character of `text`, whether its word (between spaces) passes `test`. */
export function wordsWhere(text: string, test: (word: string) => boolean): boolean[] {
  const out: boolean[] = [];
  for (const word of text.split(/(\s+)/)) out.push(...Array.from(word, () => test(word)));
  return out;
}
