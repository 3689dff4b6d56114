/** Percent similarity of two field values, normalised for case, spacing and punctuation (decisions.md); 100 is identical. */
import { levenshtein } from '../../common/edit-distance.js';
import { transliterate } from '../../common/icao-transliteration.js';

/**
 * A name or number in the MRZ alphabet, marks stripped (Ü as U) and spelled out as ICAO 9303 does
 * (Ü as UE); letters no stripping reduces to A–Z (Ø as OE) are spelled out in both.
 */
export function normalise(value: string): string {
  return spelledOut(value.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''));
}

export function spelledOut(value: string): string {
  return transliterate(value).replace(/</g, ' ');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const DATE_PARTS = [{ start: 0, end: 4, weight: 60 }, { start: 4, end: 6, weight: 20 }, { start: 6, end: 8, weight: 20 }];

/** A misread is a digit or two; a date differing in this many digits or more is another date. */
const OTHER_DATE_DIGITS = 3;

/**
 * Two dates agree part by part (year 60, month 20, day 20), digits in place (an edit distance finds
 * unrelated dates half alike). A part with one digit wrong keeps its agreeing digits' share (an OCR
 * misread costs 10 to 15 points); more counts nothing; a day-month swap keeps the year's share.
 * OTHER_DATE_DIGITS or more differing outside a swap make it another date: 0.
 */
function dateSimilarity(a: string, b: string): number {
  const x = a.replace(/-/g, ''); const y = b.replace(/-/g, '');
  const swapped = x.slice(0, 4) + x.slice(6, 8) + x.slice(4, 6) === y;
  let score = 0; let wrong = 0;
  for (const { start, end, weight } of DATE_PARTS) {
    let same = 0;
    for (let i = start; i < end; i++) if (x[i] === y[i]) same++;
    wrong += end - start - same;
    if (same >= end - start - 1) score += (weight * same) / (end - start);
  }
  return wrong >= OTHER_DATE_DIGITS && !swapped ? 0 : Math.round(score);
}

export function similarity(a: string, b: string): number {
  if (ISO_DATE.test(a) && ISO_DATE.test(b)) return dateSimilarity(a, b);
  return Math.max(textSimilarity(normalise(a), normalise(b)), textSimilarity(spelledOut(a), spelledOut(b)));
}

function textSimilarity(x: string, y: string): number {
  if (x === y) return 100;
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 100;
  return Math.round((1 - levenshtein(x, y) / longest) * 100);
}
