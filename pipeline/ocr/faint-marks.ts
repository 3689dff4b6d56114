/**
 * Accents that blur has washed almost out of a line's ink. On a photo or a low-resolution scan an
 * É's acute can melt into the E's top, which then stands a pixel over the cap line (under
 * diacritics.ts's JOINED_RISE), or leave a speck of two pixels (under its MARK_AREA); yet the grey
 * over the letter is still plainly darker than over its neighbours (RENÉE at 18 px cap height: a
 * plume four rows high at half the ink's darkness, where the other letters' blur fades in one).
 *
 * Faint ink is grey darker than the paper by FAINT_SHARE of the way to the ink's threshold. From
 * each column's topmost letter ink the faint ink is followed straight up: blur lifts every letter
 * by about the same (the halo, the median over the line), and a mark lifts its own columns
 * FAINT_RISE of the cap height further. Faint ink running on up past FAINT_REACH is a line above.
 */
import { PixelStats } from './ink.js';
import { median, type LineLetters } from './line-letters.js';
import type { GreyImage } from './recognizer.js';

/** Faint ink is darker than the paper by this share of the way to the ink threshold. */
const FAINT_SHARE = 0.5;
/**
 * A mark's columns rise over the halo by this share of the cap height, and MIN_RISE pixels at
 * least. Over ~1700 cached fronts of nine seeds, 0.12 put marks on three plain letters (JÓSÉ) and
 * 0.18 lost three true ones.
 */
const FAINT_RISE = 0.15;
const MIN_RISE = 2;
/** Faint ink reaching this share of the cap height over the cap line is a line above. */
const FAINT_REACH = 0.8;
/** A column whose letter ink starts this share of the cap height under the cap line has no top there (an A's sides). */
const TOP_SPREAD = 0.12;
/** A column this many pixels lower than the highest on each side of it is the gap between two dots. */
const DIP = 1.5;
/**
 * The darkness-weighted slant (pixel x–y correlation) of a grave's grey is at least this: two
 * faint LEFÈVRE graves leaned 0.23 and 0.39, ten acutes −0.32 to 0.01.
 */
const GRAVE_LEAN = 0.2;

export type FaintShape = 'acute' | 'grave' | 'diaeresis';

/** A faint mark: the crop columns it spans, and the mark its shape draws. */
export interface FaintMark {
  left: number;
  right: number;
  cx: number;
  shape: FaintShape;
}

/**
 * The faint marks over the letters of `line`, whose cap line at a crop column is `capLineAt` and
 * whose paper is the grey `paper` (ink.ts medianGrey): each a run of columns rising over the halo
 * (one column short of the rise may lie between, as between two dots).
 */
export function faintMarks(line: LineLetters, capLineAt: (x: number) => number, paper: number): FaintMark[] {
  const faint = line.ink.threshold + FAINT_SHARE * (paper - line.ink.threshold);
  const rise = columnRises(line, capLineAt, faint);
  const measured = rise.filter((r): r is number => r !== undefined);
  if (measured.length === 0) return [];
  const halo = median(measured);
  const minRise = Math.max(MIN_RISE, FAINT_RISE * line.capHeight);
  const runs: number[][] = [];
  rise.forEach((r, x) => {
    if (r === undefined || r - halo < minRise) return;
    const run = runs[runs.length - 1];
    if (run !== undefined && x - run[run.length - 1]! <= 2) run.push(x);
    else runs.push([x]);
  });
  return runs.map((columns) => {
    const left = columns[0]!; const right = columns[columns.length - 1]!;
    const rises = Array.from({ length: right - left + 1 }, (_, i) => (rise[left + i] ?? halo) - halo);
    const top = Math.floor(Math.min(...columns.map((x) => capLineAt(x) - rise[x]!)));
    const slant = greySlant(line.grey, paper, { left: left - 1, right: right + 1, top }, (x) => capLineAt(x) - halo);
    return { left, right, cx: (left + right) / 2, shape: shapeOf(rises, slant) };
  });
}

/**
 * For each crop column (an array with holes), how far over the cap line the faint ink reaches
 * straight up from the column's topmost letter ink, to a fraction of a pixel (where the grey
 * crosses the faint level); none for a column without a letter's top or whose faint ink runs on
 * past FAINT_REACH.
 */
function columnRises(line: LineLetters, capLineAt: (x: number) => number, faint: number): (number | undefined)[] {
  const { ink, grey, letters, capHeight } = line;
  const letterLabels = new Set(letters.map((b) => b.label));
  const greyAt = (x: number, y: number): number => grey.grey[y * grey.width + x]!;
  const rise: (number | undefined)[] = [];
  for (let x = Math.min(...letters.map((b) => b.left)); x <= Math.max(...letters.map((b) => b.right)); x++) {
    let top = 0;
    while (top < ink.height && !letterLabels.has(ink.labels[top * ink.width + x]!)) top++;
    const capLine = capLineAt(x);
    if (top === ink.height || top > capLine + TOP_SPREAD * capHeight) continue;
    const limit = Math.max(0, capLine - FAINT_REACH * capHeight);
    let y = top - 1;
    while (y >= limit && greyAt(x, y) <= faint) y--;
    if (y < limit) continue;
    const crossing = greyAt(x, y) === greyAt(x, y + 1) ? 0 : (faint - greyAt(x, y + 1)) / (greyAt(x, y) - greyAt(x, y + 1));
    rise[x] = capLine - (y + 1) + crossing;
  }
  return rise;
}

/** The slant of the grey within columns `left` to `right` from row `top` down to `floorAt` (excluded), each pixel weighted by its darkness squared. */
export function greySlant(grey: GreyImage, paper: number, box: { left: number; right: number; top: number }, floorAt: (x: number) => number): number {
  const stats = new PixelStats();
  for (let x = Math.max(0, box.left); x <= Math.min(grey.width - 1, box.right); x++) {
    for (let y = Math.max(0, box.top - 1); y < floorAt(x); y++) stats.add(x, y, Math.max(0, paper - grey.grey[y * grey.width + x]!) ** 2);
  }
  return stats.slant();
}

/**
 * The mark whose top rises column by column over the halo as `rises`, its grey leaning as `slant`:
 * two dots where the top dips between two peaks, a grave where the grey falls to the right, else an
 * acute (by far the commonest mark of names).
 */
function shapeOf(rises: number[], slant: number): FaintShape {
  const dips = rises.some((r, i) => i > 0 && i < rises.length - 1
    && r <= Math.min(Math.max(...rises.slice(0, i)), Math.max(...rises.slice(i + 1))) - DIP);
  if (dips) return 'diaeresis';
  return slant >= GRAVE_LEAN ? 'grave' : 'acute';
}
