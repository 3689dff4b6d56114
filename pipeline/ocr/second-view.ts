/**
 * A name line whose letters the recogniser doubts, read again from a crop widened on both sides,
 * and the reading that both views explain best kept.
 *
 * The detector's box ends at the ink, so a line's first and last letters stand at the crop's edge,
 * where the recogniser sees them without the margin its training crops had: on photos and 96 dpi
 * captures it wavers there between a letter and its marked form (the first O of ÓLAFSDÓTTIR read
 * O at 0.53 and Ó at 0.37), and another crop of the same ink tips it either way. Two views weigh
 * the same evidence twice: each view's reading is scored by its best CTC path (latin/ctc-align.ts)
 * in both, and the higher sum is kept, so a letter changes only where the two views together
 * favour it. Only lines that may hold one of the holder's names (second-reading.ts's mayHold) and
 * have a letter read under DOUBTFUL_LETTER are read again: a name read surely throughout lost no
 * mark that a second crop would find, and each view costs a recogniser pass. Measured in
 * docs/front-ocr.md ("Names: a second view of a doubtful name").
 */
import { cropLine } from './crop.js';
import { ctcGreedy } from './ctc-decode.js';
import type { Quad } from './geometry.js';
import { alignText } from './latin/ctc-align.js';
import type { Region } from './localise.js';
import { recognizeLines, type LineProbabilities } from './recognizer.js';
import { mayHold, V6_SQUEEZE } from './second-reading.js';
import type { RgbImage } from '../image.js';

/** The second crop reaches this share of the line's height past each end of its box. */
export const WIDEN = 0.3;

/** A name line with a letter read less surely than this is read again. */
export const DOUBTFUL_LETTER = 0.9;

/** `quad` lengthened along its top edge by `by` of its height at each end. */
export function widened(quad: Quad, by: number): Quad {
  const [a, b, c, d] = quad;
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const reach = by * Math.hypot(d.x - a.x, d.y - a.y);
  const dx = ((b.x - a.x) / length) * reach;
  const dy = ((b.y - a.y) / length) * reach;
  return [{ x: a.x - dx, y: a.y - dy }, { x: b.x + dx, y: b.y + dy }, { x: c.x + dx, y: c.y + dy }, { x: d.x - dx, y: d.y - dy }];
}

function latinText(line: LineProbabilities): { text: string; chars: number[] } {
  return ctcGreedy(line, line.charset.latin);
}

function doubtfulName(line: LineProbabilities, names: readonly string[]): boolean {
  const { text, chars } = latinText(line);
  // An MRZ line holds the names too, but the MRZ reader reads it (known-lines.ts).
  return !text.includes('<') && mayHold(text, names) && chars.some((p) => p < DOUBTFUL_LETTER);
}

/**
 * `read` (the Latin readings of the lines at `quads` on `page`, through `region`), with each
 * doubtful name line's reading replaced by its widened crop's where that explains both better.
 */
export async function withSecondViews(page: RgbImage, quads: readonly Quad[], region: Region | undefined,
  read: readonly LineProbabilities[], names: readonly string[]): Promise<LineProbabilities[]> {
  const out = [...read];
  if (names.length === 0) return out;
  const doubtful = read.flatMap((line, k) => (doubtfulName(line, names) ? [k] : []));
  if (doubtful.length === 0) return out;
  // Name lines are read by small in the end (second-reading.ts), so their second view is too.
  const crops = doubtful.map((k) => cropLine(page, widened(quads[k]!, WIDEN), region));
  const again = await recognizeLines(crops, { latinOnly: true, model: 'v6', squeeze: V6_SQUEEZE });
  doubtful.forEach((k, j) => {
    const views = [read[k]!, again[j]!];
    const score = (text: string): number => views.reduce((sum, view) => sum + (alignText(view, text)?.logProbability ?? -Infinity), 0);
    const [first, second] = views.map((view) => latinText(view).text.trim());
    if (second !== '' && second !== first && score(second!) > score(first!)) out[k] = again[j]!;
  });
  return out;
}
