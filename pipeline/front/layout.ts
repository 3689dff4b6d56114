/**
 * The geometry of the recognised lines of a front, for finding a value beside or below its label:
 * each line's extent, the rough x position of a character inside it, and the confidence of a span
 * of its characters.
 */
import type { OcrLine } from '../ocr/read-lines.js';

export interface FrontLine {
  index: number;
  text: string;
  /** Probability of each character of `text`. */
  chars: readonly number[];
  left: number;
  right: number;
  top: number;
  bottom: number;
  height: number;
  cy: number;
}

export function toFrontLines(lines: readonly OcrLine[]): FrontLine[] {
  return lines.map((line, index) => {
    const xs = [line.box[0]!, line.box[2]!, line.box[4]!, line.box[6]!];
    const ys = [line.box[1]!, line.box[3]!, line.box[5]!, line.box[7]!];
    const top = Math.min(...ys);
    const bottom = Math.max(...ys);
    const chars = line.chars && line.chars.length === line.text.length
      ? line.chars : Array.from(line.text, () => line.confidence);
    return {
      index, text: line.text, chars,
      left: Math.min(...xs), right: Math.max(...xs), top, bottom,
      height: Math.max(1, bottom - top), cy: (top + bottom) / 2,
    };
  });
}

/** Rough x of character `i` of a line, assuming evenly spaced characters. */
export function charX(line: FrontLine, i: number): number {
  return line.left + ((line.right - line.left) * i) / Math.max(1, line.text.length);
}

/** Mean probability of characters [start, end) of a line, as 0–100. */
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

/** The nearest line right of `x` on the same row as `line`. */
export function lineBeside(lines: readonly FrontLine[], line: FrontLine, x: number): FrontLine | undefined {
  let best: FrontLine | undefined;
  for (const other of lines) {
    if (other === line || other.left < x - line.height) continue;
    if (Math.abs(other.cy - line.cy) > Math.min(other.height, line.height) / 2) continue;
    if (other.left - x > 12 * line.height) continue;
    if (!best || other.left < best.left) best = other;
  }
  return best;
}

/**
 * Lines below a label spanning [x0, x1] of `line`, nearest first: starting under it (their top
 * below the label's middle), overlapping its columns or starting within a line height of its
 * left edge, and no further down than `rows` line heights.
 */
export function linesBelow(lines: readonly FrontLine[], line: FrontLine, x0: number, x1: number, rows = 3): FrontLine[] {
  return lines
    .filter((other) => other !== line && other.top > line.cy && other.top - line.bottom < rows * line.height)
    .filter((other) => Math.min(other.right, x1) - Math.max(other.left, x0) > 0 || Math.abs(other.left - x0) < line.height)
    .sort((a, b) => a.top - b.top || Math.abs(a.left - x0) - Math.abs(b.left - x0));
}
