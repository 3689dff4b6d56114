/** The MRZ lines of a page whose MRZ was already read, found by shape (the last, long, alike boxes), so they are not read again. */
import { quadSize, type Quad } from './geometry.js';
import { OCR_TUNING } from './tunables.js';


/** The MRZ line each box (by reading-order index) holds; undefined where the last boxes are not the MRZ's shape. */
export function placeKnownMrz(quads: readonly Quad[], lines: readonly string[]): Map<number, string> | undefined {
  if (lines.length === 0 || quads.length < lines.length) return undefined;
  const first = quads.length - lines.length;
  const sizes = quads.slice(first).map(quadSize);
  const widest = Math.max(...sizes.map((s) => s.width));
  const shaped = sizes.every((s, i) => s.width >= OCR_TUNING.minAspectPerChar * lines[i]!.length * s.height
    && s.width >= (1 - OCR_TUNING.widthSpread) * widest);
  // The MRZ ends the page: no other box may reach below its top line's middle.
  const top = quads[first]!;
  const middle = (top[0].y + top[3].y) / 2;
  const below = quads.slice(0, first).some((q) => Math.max(q[2].y, q[3].y) > middle);
  if (!shaped || below) return undefined;
  return new Map(lines.map((line, i) => [first + i, line]));
}
