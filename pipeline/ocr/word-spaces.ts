/**
 * Puts back the word spaces the recogniser drops between tightly set capitals: MAXIMILIANE PRIYA
 * reads MAXIMILIANEPRIYA as often as not on a photo, and a name without its space is a misread.
 * The ink still shows the space: between two letters of a word, the gap is their side bearings;
 * between two words, it is a space wide besides (line-letters.ts finds the letters).
 *
 * A gap is a word space where it is at least WORD_GAP of the cap height (NARROW_WORD_GAP for a gap
 * standing alone between narrow ones, or beside a word space) and MEDIAN_GAPS times the line's
 * median gap between letters (SPACED_MEDIAN_GAPS for a lone gap of SPACED_GAP caps or more).
 * It is put back between the two characters nearest the letters
 * either side, when they are adjacent capitals, or a capital and a full stop (ST.JOHN), with
 * nothing between them yet; a hyphen or an apostrophe between two letters is its own mark.
 */
import type { InkBlob } from './ink.js';
import { charPlaces, LETTER_REACH, median, type LineLetters } from './line-letters.js';
import type { DecodedLine } from './ctc-decode.js';

/** A word space is at least this share of the cap height wide … */
const WORD_GAP = 0.42;
/**
 * … or, where blur narrowed it (ED JOSÉ: 0.28 caps), this share, when it is also at least
 * LONE_GAP times as wide as the gaps either side of it: a narrower floor alone split small print
 * between letters set evenly apart (C H IAMAKA, U NITED STATES at 12 px caps).
 */
const NARROW_WORD_GAP = 0.25;
const LONE_GAP = 2;
/**
 * A lone gap a third of the cap height wide needs only this many median gaps: a bold face's
 * letters stand 0.2 caps apart, and a space beside them, narrowed by blur or between two A's, is
 * little more than twice that (ELŻBIETA ANNE: 7 pixels at 15 px caps, letters 3 apart; RENEE JO).
 */
const SPACED_GAP = 0.33;
const SPACED_MEDIAN_GAPS = 2;
/** … and this many times the line's median gap between letters. */
const MEDIAN_GAPS = 2.5;

/** `line` with the word spaces its ink shows put back (each space as sure as the surer side of it). */
export function restoreSpaces(letters: LineLetters | undefined, line: DecodedLine): DecodedLine {
  if (letters === undefined || line.spans.length !== line.text.length || letters.letters.length < 3) return line;
  const blobs = letters.letters;
  const gaps = blobs.slice(1).map((b, i) => b.left - blobs[i]!.right - 1);
  const medianGap = Math.max(1, median(gaps));
  const typical = MEDIAN_GAPS * medianGap;
  const wide = Math.max(WORD_GAP * letters.capHeight, typical);
  // A lone gap needs MEDIAN_GAPS median gaps, or SPACED_MEDIAN_GAPS where it is SPACED_GAP caps wide.
  const spaced = Math.max(SPACED_MEDIAN_GAPS * medianGap, SPACED_GAP * letters.capHeight);
  const narrow = Math.max(NARROW_WORD_GAP * letters.capHeight, Math.min(typical, spaced));
  // A neighbour that is a word space itself says nothing of the letter spacing (a short word: ÅSA).
  const spacing = (gap: number | undefined): number => (gap === undefined || gap >= wide ? 0 : gap);
  const lone = (i: number): boolean => gaps[i]! >= LONE_GAP * Math.max(1, spacing(gaps[i - 1]), spacing(gaps[i + 1]));
  const { nearest, pitch } = charPlaces(letters, line.spans, LETTER_REACH);
  // The characters either side of a gap are those whose frames lie half a letter inside the ink
  // either side of it: a blob's centre would name a middle letter where blur ran several together.
  const lastOf = (blob: InkBlob): number | undefined => nearest(blob.right - Math.min(blob.right - blob.left + 1, pitch) / 2);
  const firstOf = (blob: InkBlob): number | undefined => nearest(blob.left + Math.min(blob.right - blob.left + 1, pitch) / 2);
  const text = [...line.text];
  const after = new Set<number>();
  gaps.forEach((gap, i) => {
    if (gap < wide && !(gap >= narrow && lone(i))) return;
    const left = lastOf(blobs[i]!);
    const right = firstOf(blobs[i + 1]!);
    if (left === undefined || right === undefined || !/\p{Lu}/u.test(text[left]!) || !/\p{Lu}/u.test(text[right]!)) return;
    if (right === left + 1) after.add(left);
    else if (right === left + 2 && text[left + 1] === '.') after.add(left + 1);
  });
  if (after.size === 0) return line;
  let out = '';
  const chars: number[] = [];
  const spans: [number, number][] = [];
  text.forEach((c, i) => {
    out += c;
    chars.push(line.chars[i]!);
    spans.push(line.spans[i]!);
    if (after.has(i)) {
      out += ' ';
      chars.push(Math.max(line.chars[i]!, line.chars[i + 1]!));
      spans.push([line.spans[i]![1], line.spans[i + 1]![0]]);
    }
  });
  return { ...line, text: out, chars, spans };
}
