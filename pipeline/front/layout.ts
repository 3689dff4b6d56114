/**
 * The geometry of a front's recognised lines. A photo turns the document by 15° or so, and then
 * axis-aligned boxes of caption and value overlap: every box is turned back by the page's skew (the
 * median angle of the longer boxes) and the lines are put in reading order in that upright frame.
 */
import { DB_DEFAULTS } from '../ocr/db-postprocess.js';
import type { OcrLine } from '../ocr/read-lines.js';
import type { LineProbabilities } from '../ocr/recognizer.js';
import { FRONT_TUNING } from './tunables.js';

/** A recognised line inside a front line: its frames, its decoded text, and where that text starts in the front line's text. */
export interface LinePart {
  frames: LineProbabilities;
  text: string;
  offset: number;
  /** The detector's box the frames were read from (OcrLine.box). */
  box?: readonly number[];
}

export interface FrontLine {
  index: number;
  text: string;
  chars: readonly number[];
  confidence: number;
  knownName: boolean;
  left: number;
  right: number;
  top: number;
  bottom: number;
  height: number;
  cy: number;
  /** The text's height inside the box: the detector grows a box by about a long line's height, by half a short word's. */
  textHeight: number;
  /** The recognised lines it is made of, where their frames are known (the verdict scores values on them). */
  parts?: readonly LinePart[];
}

function boxSides(box: readonly number[]): { dx: number; dy: number; width: number; height: number } {
  const dx = box[2]! - box[0]!;
  const dy = box[3]! - box[1]!;
  return { dx, dy, width: Math.hypot(dx, dy), height: Math.hypot(box[6]! - box[0]!, box[7]! - box[1]!) };
}

export function pageSkew(lines: readonly OcrLine[]): number {
  const angles: number[] = [];
  for (const line of lines) {
    const { dx, dy, width, height } = boxSides(line.box);
    if (width < FRONT_TUNING.skewMinAspect * height) continue;
    const angle = Math.atan2(dy, dx);
    if (Math.abs(angle) <= FRONT_TUNING.maxSkew) angles.push(angle);
  }
  if (angles.length === 0) return 0;
  angles.sort((a, b) => a - b);
  return angles[Math.floor(angles.length / 2)]!;
}

/**
 * The height of the text a detector box of sides `width` × `height` was grown from: the box is the
 * text's grown by d = r·w·h / 2(w + h) on every side, so d solves
 * (8 + 4r)·d² − 2(1 + r)(W + H)·d + r·W·H = 0 (its smaller root).
 */
export function ungrownHeight(width: number, height: number, ratio = DB_DEFAULTS.unclipRatio): number {
  const a = 8 + 4 * ratio; const b = 2 * (1 + ratio) * (width + height); const c = ratio * width * height;
  const d = (b - Math.sqrt(Math.max(0, b * b - 4 * a * c))) / (2 * a);
  return Math.max(1, height - 2 * d);
}

export function toFrontLines(lines: readonly OcrLine[]): FrontLine[] {
  const skew = pageSkew(lines);
  const cos = Math.cos(skew);
  const sin = Math.sin(skew);
  const placed = lines.map((line) => {
    // Turned back by the skew: x' = x cos + y sin, y' = −x sin + y cos.
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < 8; i += 2) {
      const x = line.box[i]!;
      const y = line.box[i + 1]!;
      xs.push(x * cos + y * sin);
      ys.push(-x * sin + y * cos);
    }
    const top = Math.min(...ys);
    const bottom = Math.max(...ys);
    const sides = boxSides(line.box);
    const chars = line.chars && line.chars.length === line.text.length
      ? line.chars : Array.from(line.text, () => line.confidence);
    return {
      index: 0, text: line.text, chars, confidence: line.confidence, knownName: line.knownName === true,
      left: Math.min(...xs), right: Math.max(...xs), top, bottom,
      height: Math.max(1, bottom - top), cy: (top + bottom) / 2,
      textHeight: ungrownHeight(sides.width, sides.height),
      ...(line.frames === undefined ? {} : { parts: [{ frames: line.frames, text: line.text, offset: 0, box: line.box }] }),
    };
  });
  return joinFragments(readingOrder(placed)).map((line, index) => ({ ...line, index }));
}

function joinFragments(lines: readonly FrontLine[]): FrontLine[] {
  const out: FrontLine[] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    if (last !== undefined && fragmentsOfOneLine(last, line)) out[out.length - 1] = joined(last, line);
    else out.push(line);
  }
  return out;
}

function fragmentsOfOneLine(a: FrontLine, b: FrontLine): boolean {
  const h = Math.min(a.height, b.height);
  return !a.knownName && !b.knownName
    && h >= FRONT_TUNING.minFragmentHeightRatio * Math.max(a.height, b.height)
    && Math.abs(a.cy - b.cy) < h / 2
    && b.left > a.left && b.left - a.right < FRONT_TUNING.maxFragmentGap * h;
}

function joined(a: FrontLine, b: FrontLine): FrontLine {
  const chars = [...a.chars, Math.min(a.confidence, b.confidence), ...b.chars];
  const top = Math.min(a.top, b.top);
  const bottom = Math.max(a.bottom, b.bottom);
  return {
    index: 0, text: `${a.text} ${b.text}`, chars, confidence: chars.reduce((s, p) => s + p, 0) / chars.length, knownName: false,
    left: a.left, right: Math.max(a.right, b.right), top, bottom, height: bottom - top, cy: (top + bottom) / 2,
    textHeight: Math.max(a.textHeight, b.textHeight),
    ...joinedParts(a, b),
  };
}

export function joinedParts(a: FrontLine, b: FrontLine): Pick<FrontLine, 'parts'> {
  if (a.parts === undefined || b.parts === undefined) return {};
  const shift = a.text.length + 1;
  return { parts: [...a.parts, ...b.parts.map((part) => ({ ...part, offset: part.offset + shift }))] };
}

function readingOrder(lines: readonly FrontLine[]): FrontLine[] {
  const sorted = [...lines].sort((a, b) => a.cy - b.cy);
  const rows: FrontLine[][] = [];
  for (const line of sorted) {
    const row = rows[rows.length - 1];
    const centre = row === undefined ? 0 : row.reduce((s, l) => s + l.cy, 0) / row.length;
    const last = row?.[row.length - 1];
    if (row && last && Math.abs(line.cy - centre) < Math.min(line.height, last.height) / 2) row.push(line);
    else rows.push([line]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.left - b.left));
}

export function charX(line: FrontLine, i: number): number {
  return line.left + ((line.right - line.left) * i) / Math.max(1, line.text.length);
}

export function spanConfidence(line: FrontLine, start: number, end: number): number {
  let sum = 0;
  let n = 0;
  for (let i = start; i < end; i += 1) {
    if (line.text[i] === ' ') continue;
    sum += line.chars[i] ?? 0;
    n += 1;
  }
  return n === 0 ? 0 : Math.round((100 * sum) / n);
}

/**
 * How far `other` lies from a label spanning [x0, x1] of `line`, in line heights, when it is where a
 * value would be: beside it on its row, or under it; undefined elsewhere. `maxBelow`: the largest
 * gap under the label (what lies a row further down belongs to the next caption).
 */
export function valueDistance(line: FrontLine, x0: number, x1: number, other: FrontLine, maxBelow = 1): number | undefined {
  if (other === line) return undefined;
  const h = line.height;
  const sameRow = Math.abs(other.cy - line.cy) < Math.min(other.height, h) / 2;
  if (sameRow) {
    const gap = other.left - x1;
    if (gap < -h || gap > 12 * h) return undefined;
    // A line beside is further than one right under the label: half a height is a typical caption gap.
    return 0.5 + Math.max(0, gap) / h;
  }
  const gap = other.top - line.bottom;
  // Boxes are padded (the detector's unclip), so a value's box may start above its caption's
  // bottom: below means its centre lies under the caption's box.
  if (other.cy <= line.bottom || gap > maxBelow * Math.max(h, other.height)) return undefined;
  const overlaps = Math.min(other.right, x1) - Math.max(other.left, x0) > 0;
  const shift = Math.abs(other.left - x0);
  if (!overlaps && shift > 1.5 * h) return undefined;
  return Math.max(0, gap) / h + 0.5 * Math.min(shift, 3 * h) / h;
}
