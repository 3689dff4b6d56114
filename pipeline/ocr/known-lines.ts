/**
 * The MRZ lines of a page whose MRZ the MRZ reader has already read (pipeline/stages/mrz.ts):
 * a passport's front carries its visual zone and its MRZ, and the front's OCR would otherwise
 * recognise the MRZ again, some 30 % of a data page's recognition (its two lines are the widest
 * on the page) for text the field reader skips (front/passport.ts).
 *
 * The MRZ's boxes are found by their shape: the last lines of the page, one box a line, each at
 * least MIN_ASPECT_PER_CHAR times its line's length as wide as it is high, and about as wide as
 * each other. Anything else (a line split in two by the detector, a box more or fewer) places
 * nothing, and the page is recognised whole as before.
 */
import { quadSize, type Quad } from './geometry.js';

/**
 * Width over height of an MRZ line's box, per character: OCR-B's pitch is 0.6 to 0.7 of the box's
 * height (a TD3 line of 44 read 26 to 31 times as wide as high). A visual zone's widest line,
 * `PASSPORT/ PASSEPORT` or `IDENTITY CARD/CARTE D'IDENTITE`, is 10 to 13.
 */
const MIN_ASPECT_PER_CHAR = 0.45;
/** The MRZ's lines are printed to the same length: their boxes' widths differ by less than this share. */
const WIDTH_SPREAD = 0.15;

/**
 * The text of each box (by its index in reading order) that holds one of `lines` (the MRZ, top
 * line first); undefined where the page's last boxes are not the MRZ's shape.
 */
export function placeKnownMrz(quads: readonly Quad[], lines: readonly string[]): Map<number, string> | undefined {
  if (lines.length === 0 || quads.length < lines.length) return undefined;
  const first = quads.length - lines.length;
  const sizes = quads.slice(first).map(quadSize);
  const widest = Math.max(...sizes.map((s) => s.width));
  const shaped = sizes.every((s, i) => s.width >= MIN_ASPECT_PER_CHAR * lines[i]!.length * s.height
    && s.width >= (1 - WIDTH_SPREAD) * widest);
  // The MRZ ends the page: no other box may reach below its top line's middle.
  const top = quads[first]!;
  const middle = (top[0].y + top[3].y) / 2;
  const below = quads.slice(0, first).some((q) => Math.max(q[2].y, q[3].y) > middle);
  if (!shaped || below) return undefined;
  return new Map(lines.map((line, i) => [first + i, line]));
}
