/**
 * Where each character of a recognised line stands in its crop, so that a glyph can be cut out and
 * read alone: where the crop's ink parts into one run a character (ink-columns.ts), the runs are
 * the places. Where glyphs touch, so that runs are fewer than the characters, a line printed at an
 * even pitch still tells by its width how many characters each run holds; the runs that hold one
 * are places, and a merged run is never cut. The recogniser's own frames check the pairing where
 * they decode the line's text: runs as many as the characters by chance (two glyphs merged, another
 * parted in two), or a count of uneven glyphs, put some character's frames off its run, and then
 * nothing is placed; a count from widths stands only where the frames check it. Placing glyphs by
 * the frames alone, splitting merged runs, was tried: its cuts straddled glyphs and called genuine
 * numbers forged (CHANGELOG.md).
 */
import type { RgbImage } from '../image.js';
import { ctcGreedy, type DecodedLine } from '../ocr/ctc-decode.js';
import { inkRuns } from '../ocr/ink-columns.js';
import { inputWidth, type LineProbabilities } from '../ocr/recognizer.js';
import { OCR_TUNING } from '../ocr/tunables.js';
import type { LinePart } from './layout.js';

/** Input columns per recogniser step (recognizer.ts): a step's frame stands over its eight. */
const STEP_COLUMNS = 8;

export interface PlacedChar { at: number; char: string; run: [number, number] }

/** Each non-space character of the part (upper-cased, `at` = part.offset + index in part.text) that has an ink run of its own, with the crop columns [x0, x1) of that run; none where runs and characters do not pair off. */
export function placeGlyphs(part: LinePart, crop: RgbImage): PlacedChar[] {
  const chars = [...part.text].map((char, i) => ({ char: char.toUpperCase(), at: part.offset + i })).filter(({ char }) => char !== ' ');
  const runs = inkRuns(crop);
  const paired = runs.length === chars.length;
  const counts = paired ? runs.map(() => 1) : charsPerRun(runs, chars.length);
  if (counts === undefined) return [];
  const owner = counts.flatMap((n, r) => Array.from({ length: n }, () => r));
  const steps = stepCentres(part.frames, chars.map((c) => c.char));
  const centres = steps === undefined ? undefined : toColumns(steps, part.frames, crop, runs, paired);
  if (centres === undefined && !paired) return [];
  // Runs as many as the characters by chance (two glyphs merged, another split), or a count of uneven glyphs, put a character's frames off its run.
  if (centres !== undefined && centres.some((x, k) => gap(x, ...runs[owner[k]!]!) >= pitch(centres) / 2)) return [];
  return chars.flatMap((c, k) => (counts[owner[k]!] === 1 ? [{ ...c, run: runs[owner[k]!]! }] : []));
}

/** How far a run's width, in characters at the line's pitch, may be from a whole number: beyond it the glyphs are uneven (a proportional 1 or I) and the count a guess. */
const PITCH_FIT = 0.3;

/**
 * Where runs are fewer than the characters, the characters each run holds: its cell (the run and
 * half the gaps beside it) over the line's pitch, where every cell is near a whole number of
 * characters, one at least, and they add up; otherwise undefined.
 */
export function charsPerRun(runs: readonly [number, number][], total: number): number[] | undefined {
  if (runs.length === 0 || runs.length >= total) return undefined;
  const pitchColumns = (runs[runs.length - 1]![1] - runs[0]![0]) / total;
  const counts: number[] = [];
  for (const [r, [x0, x1]] of runs.entries()) {
    const left = r === 0 ? x0 : (runs[r - 1]![1] + x0) / 2;
    const right = r === runs.length - 1 ? x1 : (x1 + runs[r + 1]![0]) / 2;
    const share = (right - left) / pitchColumns;
    const count = Math.round(share);
    if (count < 1 || Math.abs(share - count) > PITCH_FIT) return undefined;
    counts.push(count);
  }
  return counts.reduce((sum, n) => sum + n, 0) === total ? counts : undefined;
}

/** Columns from `x` to the nearer edge of the run [x0, x1). */
const gap = (x: number, x0: number, x1: number): number => Math.max(x0 - x, x - x1 + 1, 0);

/** The median distance between neighbouring characters' centres; the crop's width for one character. */
function pitch(centres: readonly number[]): number {
  const steps = centres.slice(1).map((c, k) => c - centres[k]!).sort((a, b) => a - b);
  return steps.length === 0 ? Infinity : steps[Math.floor(steps.length / 2)]!;
}

/** The mid step of each character's frames, where the greedy decoding (all classes, or the Latin ones as read-lines.ts decodes) reads `chars`. */
function stepCentres(frames: LineProbabilities, chars: readonly string[]): number[] | undefined {
  for (const decoded of [ctcGreedy(frames), ctcGreedy(frames, frames.charset.latin)]) {
    const read = nonSpace(decoded);
    if (read.length === chars.length && read.every(({ char }, k) => char === chars[k])) return read.map(({ span }) => (span[0] + span[1]) / 2);
  }
  return undefined;
}

function nonSpace(decoded: DecodedLine): { char: string; span: [number, number] }[] {
  return [...decoded.text].flatMap((char, k) => (char === ' ' ? [] : [{ char: char.toUpperCase(), span: decoded.spans[k]! }]));
}

/**
 * Steps as crop columns. The frames of the crop itself, read narrowed as a front's lines are
 * (second-reading.ts), have a step per eight columns of its input; frames of another view (the
 * widened crop of a doubtful name) have other steps, and are mapped from the outer characters'
 * steps onto the centres of the outer runs, which only runs `paired` one a character are.
 */
function toColumns(steps: readonly number[], frames: LineProbabilities, crop: RgbImage, runs: readonly [number, number][], paired: boolean): number[] | undefined {
  const width = inputWidth(crop, OCR_TUNING.v6Squeeze);
  if (Math.abs(frames.steps - width / STEP_COLUMNS) <= 1) return steps.map((t) => ((t + 0.5) * STEP_COLUMNS * crop.width) / width);
  if (!paired) return undefined;
  const first = steps[0]!;
  const last = steps[steps.length - 1]!;
  if (runs.length < 2 || last <= first) return undefined;
  const left = (runs[0]![0] + runs[0]![1]) / 2;
  const right = (runs[runs.length - 1]![0] + runs[runs.length - 1]![1]) / 2;
  return steps.map((t) => left + ((t - first) * (right - left)) / (last - first));
}
