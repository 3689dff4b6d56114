/**
 * Where each character of a recognised line stands in its crop, so that a glyph can be cut out and
 * read alone: where the crop's ink parts into one run a character (ink-columns.ts), the runs are
 * the places. The recogniser's own frames check the pairing where they decode the line's text:
 * runs as many as the characters by chance (two glyphs merged, another parted in two) put some
 * character's frames off its run, and then nothing is placed. Placing glyphs by the frames alone,
 * splitting merged runs, was tried: its cuts straddled glyphs and called genuine numbers forged
 * (CHANGELOG.md).
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

/** Each non-space character of the part (upper-cased, `at` = part.offset + index in part.text) with the crop columns [x0, x1) its glyph occupies; none where runs and characters do not pair off. */
export function placeGlyphs(part: LinePart, crop: RgbImage): PlacedChar[] {
  const chars = [...part.text].map((char, i) => ({ char: char.toUpperCase(), at: part.offset + i })).filter(({ char }) => char !== ' ');
  const runs = inkRuns(crop);
  if (runs.length !== chars.length) return [];
  const steps = stepCentres(part.frames, chars.map((c) => c.char));
  const centres = steps === undefined ? undefined : toColumns(steps, part.frames, crop, runs);
  // Runs as many as the characters by chance (two glyphs merged, another split) put a character's frames off its run.
  if (centres !== undefined && centres.some((x, k) => gap(x, ...runs[k]!) >= pitch(centres) / 2)) return [];
  return chars.map((c, k) => ({ ...c, run: runs[k]! }));
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
 * steps onto the centres of the outer runs.
 */
function toColumns(steps: readonly number[], frames: LineProbabilities, crop: RgbImage, runs: readonly [number, number][]): number[] | undefined {
  const width = inputWidth(crop, OCR_TUNING.v6Squeeze);
  if (Math.abs(frames.steps - width / STEP_COLUMNS) <= 1) return steps.map((t) => ((t + 0.5) * STEP_COLUMNS * crop.width) / width);
  const first = steps[0]!;
  const last = steps[steps.length - 1]!;
  if (runs.length < 2 || last <= first) return undefined;
  const left = (runs[0]![0] + runs[0]![1]) / 2;
  const right = (runs[runs.length - 1]![0] + runs[runs.length - 1]![1]) / 2;
  return steps.map((t) => left + ((t - first) * (right - left)) / (last - first));
}
