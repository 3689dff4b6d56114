/**
 * A line of block letters drawn on a page, to test what is read from a line's ink
 * (line-letters.ts) exactly: one bar per character of `text`, `gap` pixels apart within a word and
 * `space` pixels apart across a space; a hyphen or a full stop is a small bar at mid-height or on
 * the baseline. Returns the page, the line's box, and the line as the recogniser would decode it
 * with its spaces dropped (one frame per character, at its centre).
 */
import type { DecodedLine } from '../../pipeline/ocr/ctc-decode.js';
import type { Quad } from '../../pipeline/ocr/geometry.js';
import { inputWidth } from '../../pipeline/ocr/recognizer.js';
import type { RgbImage } from '../../pipeline/ocr/sampling.js';

const CAP = 30;
const TOP = 40;

export interface DrawnLineOptions {
  /** Each space's own width, in order (default `space` for all). */
  spaces?: readonly number[];
  /** The gap after the n-th letter, 0-based (default `gap`; 0 makes the two letters one blob). */
  gapAfter?: (letter: number) => number;
}

export function drawnLine(text: string, gap: number, space: number, options: DrawnLineOptions = {}): { page: RgbImage; quad: Quad; decoded: DecodedLine } {
  const width = 40 + text.length * (18 + space);
  const height = TOP + CAP + 40;
  const rgb = new Uint8Array(width * height * 3).fill(250);
  const fill = (x0: number, y0: number, w: number, h: number): void => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) rgb.fill(20, 3 * (y * width + x), 3 * (y * width + x) + 3);
  };
  const centres: number[] = [];
  let x = 20;
  let spaces = 0;
  let after = gap;
  for (const c of text) {
    if (c === ' ') { x += (options.spaces?.[spaces++] ?? space) - after; continue; }
    const w = c === '-' || c === '.' ? 6 : 16;
    if (c === '-') fill(x, TOP + CAP / 2 - 2, w, 4);
    else if (c === '.') fill(x, TOP + CAP - 5, w, 5);
    else fill(x, TOP, w, CAP);
    after = options.gapAfter?.(centres.length) ?? gap;
    centres.push(x + w / 2);
    x += w + after;
  }
  const right = x - after + 4;
  const quad: Quad = [{ x: 16, y: TOP - 3 }, { x: right, y: TOP - 3 }, { x: right, y: TOP + CAP + 3 }, { x: 16, y: TOP + CAP + 3 }];
  const box = { width: right - 16, height: CAP + 6 };
  const scale = box.width / inputWidth(box);
  const compact = text.replace(/ /g, '');
  const spans = centres.map((cx): [number, number] => {
    const step = Math.round((cx - 16) / (8 * scale) - 0.5);
    return [step, step];
  });
  const decoded = { text: compact, confidence: 0.9, chars: Array.from(compact, () => 0.9), spans };
  return { page: { width, height, rgb }, quad, decoded };
}
