/**
 * The document number's look-alike glyphs (0 O, 1 I, 5 S, 8 B) read again one at a time. A line's
 * recogniser reads a glyph in the light of its neighbours, so a plain bar among digits reads 1
 * however it is printed. Cut out alone (glyph-places.ts) and read by the look-alike classifier
 * (ocr/glyph-classifier.ts), the glyph is weighed between the two, and against the same character printed
 * elsewhere on the document (the dates' digits, the number's other ones): a glyph that reads as its
 * look-alike, and much more so than any of the document's own prints of the character, is the
 * look-alike. The document's prints are the reference because fonts differ: where every 1 is a
 * plain bar, none stands out. Where the document prints no other of the characters weighed (an S
 * where no 5 stands, a letter O where only the dates print digits), only a lean no glyph printed
 * otherwise shows settles it.
 */
import type { DocumentField } from '../../common/document.js';
import type { RgbImage } from '../image.js';
import { cropLine } from '../ocr/crop.js';
import { quadFromArray } from '../ocr/geometry.js';
import { glyphFavour, glyphLogits } from '../ocr/glyph-classifier.js';
import { glyphInput } from '../ocr/glyph-input.js';
import type { Region } from '../ocr/localise.js';
import { placeGlyphs } from './glyph-places.js';
import type { Reading } from './labels.js';
import { FRONT_TUNING } from './tunables.js';

export const LOOK_ALIKES: Readonly<Record<string, string>> = Object.freeze({ 0: 'O', O: '0', 1: 'I', I: '1', 5: 'S', S: '5', 8: 'B', B: '8' });

/** The fields whose digits serve as the document's own prints of a character. */
const REFERENCE_FIELDS: readonly DocumentField[] = ['dob', 'expires', 'issued'];

export interface SettledGlyph {
  /** Index in the reading's line text. */
  at: number;
  /** What the line's recogniser read there. */
  read: string;
  /** What the glyph is, read alone: its look-alike, or `read` confirmed. */
  printed: string;
  /** Nats by which the glyph alone leans to `printed` more than the document's prints of the other character do. */
  contrast: number;
}

interface Glyph {
  reading: Reading;
  at: number;
  read: string;
  input: Float32Array;
}

/** The glyphs of `chars` in the reading's span that the line's ink and frames place (glyph-places.ts). */
function glyphsOf(reading: Reading, chars: ReadonlySet<string>, page: RgbImage, region: Region | undefined): Glyph[] {
  const out: Glyph[] = [];
  for (const part of reading.line.parts ?? []) {
    const spanned = [...part.text].some((c, i) => part.offset + i >= reading.start && part.offset + i < reading.end && chars.has(c.toUpperCase()));
    if (part.box === undefined || !spanned) continue;
    const crop = cropLine(page, quadFromArray(part.box), region);
    for (const { at, char, run } of placeGlyphs(part, crop)) {
      if (at < reading.start || at >= reading.end || !chars.has(char)) continue;
      const input = glyphInput(crop, run[0], run[1]);
      if (input !== undefined) out.push({ reading, at, read: char, input });
    }
  }
  return out;
}

/**
 * The number's look-alike glyphs as they read alone, each weighed against the document's own
 * prints: settled as its look-alike where it leans that way more than any print of the character
 * read does; confirmed as read where it leans away from its look-alike more than any print of
 * the look-alike does. Where the document prints no other of the character weighed against, the
 * glyph is settled either way only by glyphAloneNats.
 */
export async function settleLookAlikes(readings: ReadonlyMap<DocumentField, Reading>, page: RgbImage, region: Region | undefined): Promise<SettledGlyph[]> {
  const number = readings.get('id');
  if (number === undefined) return [];
  const inNumber = [...number.line.text.slice(number.start, number.end).toUpperCase()].filter((c) => LOOK_ALIKES[c] !== undefined);
  if (inNumber.length === 0) return [];
  const chars = new Set(inNumber.flatMap((c) => [c, LOOK_ALIKES[c]!]));
  const references = REFERENCE_FIELDS.flatMap((field) => (readings.get(field) === undefined ? [] : [readings.get(field)!]));
  const questioned = glyphsOf(number, chars, page, region);
  if (questioned.length === 0) return [];
  const glyphs = [...questioned, ...references.flatMap((reading) => glyphsOf(reading, chars, page, region))];
  const logits = await glyphLogits(glyphs.map((g) => g.input));
  // How far each glyph leans from the character read towards its look-alike.
  const leaning = glyphs.map((g, k) => glyphFavour(logits[k]!, LOOK_ALIKES[g.read]!, g.read));
  const prints = (char: string, except: number): number[] => glyphs.flatMap((g, j) => (j !== except && g.read === char && leaning[j] !== undefined ? [leaning[j]!] : []));
  const settled: SettledGlyph[] = [];
  questioned.forEach((glyph, k) => {
    const nats = leaning[k];
    if (nats === undefined) return;
    const look = LOOK_ALIKES[glyph.read]!;
    // Prints of the character read, by how far they lean the same way; prints of the look-alike lean back.
    const same = prints(glyph.read, k);
    const other = prints(look, k).map((n) => -n);
    if (nats >= FRONT_TUNING.glyphMinNats && same.length > 0 && nats - Math.max(...same) >= FRONT_TUNING.glyphMinContrast) {
      settled.push({ at: glyph.at, read: glyph.read, printed: look, contrast: round2(nats - Math.max(...same)) });
    } else if (same.length === 0 && nats >= FRONT_TUNING.glyphAloneNats) {
      // Nothing else on the document prints the character read (a letter, where only dates are
      // references): only a glyph far from it is its look-alike.
      settled.push({ at: glyph.at, read: glyph.read, printed: look, contrast: round2(nats) });
    } else if (-nats >= FRONT_TUNING.glyphMinNats && other.length > 0 && Math.min(...other) - nats >= FRONT_TUNING.glyphMinContrast) {
      settled.push({ at: glyph.at, read: glyph.read, printed: glyph.read, contrast: round2(Math.min(...other) - nats) });
    } else if (other.length === 0 && -nats >= FRONT_TUNING.glyphAloneNats) {
      // Nothing else on the document prints the look-alike: only a glyph far from it is confirmed.
      settled.push({ at: glyph.at, read: glyph.read, printed: glyph.read, contrast: round2(-nats) });
    }
  });
  return settled;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
