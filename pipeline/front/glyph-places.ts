/**
 * Where each character of a recognised line stands in its crop, so that a glyph can be cut out and
 * read alone. Where the crop's ink parts into one run a character (ink-columns.ts), the runs are
 * the places. Glyphs that touch make one run of two, a broken glyph or a stray mark two runs of
 * one, and then the recogniser's own frames say where each character is: the centre of its greedy
 * CTC path, in crop columns, belongs to the nearest run (a frame may stand a few columns past its
 * glyph), and a run owning several centres is split at its least inked column near midway between
 * them; a run owning none joins the glyph of the nearest centre within half a character's pitch
 * (a thin-stroked O parts into two arcs), and farther off it is a stray mark, left out. The frames place only the text they decode to: a text repaired after
 * decoding (a mark settled, a struck D) is not theirs, and where its runs do not pair off it stays
 * unplaced.
 */
import type { RgbImage } from '../image.js';
import { ctcGreedy, type DecodedLine } from '../ocr/ctc-decode.js';
import { inkProfile, inkRuns } from '../ocr/ink-columns.js';
import { inputWidth, type LineProbabilities } from '../ocr/recognizer.js';
import { OCR_TUNING } from '../ocr/tunables.js';
import type { LinePart } from './layout.js';

/** Input columns per recogniser step (recognizer.ts): a step's frame stands over its eight. */
const STEP_COLUMNS = 8;

export interface PlacedChar { at: number; char: string; run: [number, number] }

/** Each non-space character of the part (upper-cased, `at` = part.offset + index in part.text) with the crop columns [x0, x1) its glyph occupies; characters that cannot be placed are left out. */
export function placeGlyphs(part: LinePart, crop: RgbImage): PlacedChar[] {
  const chars = [...part.text].map((char, i) => ({ char: char.toUpperCase(), at: part.offset + i })).filter(({ char }) => char !== ' ');
  const profile = inkProfile(crop);
  const runs = inkRuns(crop, profile);
  const steps = runs.length === 0 ? undefined : stepCentres(part.frames, chars.map((c) => c.char));
  const centres = steps === undefined ? undefined : toColumns(steps, part.frames, crop, runs);
  const reach = centres === undefined ? Infinity : pitch(centres) / 2;
  // Runs as many as the characters pair off, unless the frames put a character off its run (a glyph merged with its neighbour, another split).
  if (runs.length === chars.length && (centres === undefined || centres.every((x, k) => gap(x, ...runs[k]!) < reach))) return chars.map((c, k) => ({ ...c, run: runs[k]! }));
  if (centres === undefined) return [];
  // Each character to its nearest run: a frame's centre may stand a few columns past its glyph's ink.
  const owners = runs.map(() => [] as number[]);
  centres.forEach((x, k) => {
    const nearest = nearestRun(runs, x);
    if (gap(x, ...runs[nearest]!) < reach) owners[nearest]!.push(k);
  });
  const pieces = new Map<number, [number, number]>();
  const give = (k: number, from: number, to: number): void => {
    const had = pieces.get(k);
    pieces.set(k, had === undefined ? [from, to] : [Math.min(had[0], from), Math.max(had[1], to)]);
  };
  runs.forEach(([x0, x1], r) => {
    const inside = owners[r]!;
    const cuts = inside.slice(1).map((k, j) => leastInked(profile, (centres[inside[j]!]! + centres[k]!) / 2, reach / 2, x0, x1));
    inside.forEach((k, j) => give(k, j === 0 ? x0 : cuts[j - 1]!, j === inside.length - 1 ? x1 : cuts[j]!));
    if (inside.length > 0) return;
    // A run no character owns is part of a glyph that parts into runs (an O's two arcs), or a stray mark.
    const nearest = chars.map((_, k) => k).sort((a, b) => gap(centres[a]!, x0, x1) - gap(centres[b]!, x0, x1))[0]!;
    if (gap(centres[nearest]!, x0, x1) < reach) give(nearest, x0, x1);
  });
  return [...pieces].map(([k, run]) => ({ ...chars[k]!, run })).sort((a, b) => a.at - b.at);
}

function nearestRun(runs: readonly [number, number][], x: number): number {
  let best = 0;
  runs.forEach((run, r) => { if (gap(x, ...run) < gap(x, ...runs[best]!)) best = r; });
  return best;
}

/** Where two glyphs of one run meet: the least inked column within `slack` of `mid`, inside the run. */
function leastInked(profile: readonly number[], mid: number, slack: number, x0: number, x1: number): number {
  const from = Math.max(x0 + 1, Math.round(mid - slack));
  const to = Math.min(x1 - 1, Math.round(mid + slack));
  let best = Math.min(x1 - 1, Math.max(x0 + 1, Math.round(mid)));
  for (let x = from; x <= to; x += 1) if (profile[x]! < profile[best]!) best = x;
  return best;
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
