/**
 * Percent similarity of two field values, normalised for case, spacing and punctuation
 * (decisions.md: "normalised for case, spacing, date format"; dates are YYYY-MM-DD on both sides
 * and compare by their eight digits, place by place). 100 is identical, 0 shares nothing; other
 * values by the Levenshtein distance.
 */
import { levenshtein } from '../../common/edit-distance.js';
import { transliterate } from '../../common/icao-transliteration.js';

/**
 * A name or number for comparison, in the MRZ's alphabet, two ways: with every mark stripped
 * (Ü as U, as most fronts and some issuers' MRZs write it), and spelled out as ICAO 9303 part 3
 * spells it (Ü as UE, as most MRZs write it); letters that no stripping reduces to A–Z are spelled
 * out in both (Ø as OE: dropped, ØYSTEIN would keep only YSTEIN of OEYSTEIN). Words are kept apart
 * by one space.
 */
export function normalise(value: string): string {
  return spelledOut(value.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''));
}

export function spelledOut(value: string): string {
  return transliterate(value).replace(/</g, ' ');
}

/** A date as both sides give it (decisions.md: YYYY-MM-DD). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Year, month and day of a date: their place in YYYYMMDD and their share of the similarity. */
const DATE_PARTS = [{ start: 0, end: 4, weight: 60 }, { start: 4, end: 6, weight: 20 }, { start: 6, end: 8, weight: 20 }];

/** A misread is a digit or two; a date differing in this many digits or more is another date. */
const OTHER_DATE_DIGITS = 3;

/**
 * Two dates agree part by part, digits compared in place (an edit distance, free to realign them,
 * found 1961-02-12 and 1976-11-21 half alike; the separators are format, not content). A part with
 * one digit wrong keeps its share of the digits that agree: an OCR misread costs 10 to 15 points.
 * A part with more wrong is another value and counts nothing. Counted digit by digit over the whole
 * date, a date changed outright shared half its digits with the true one often enough (1963-01-17
 * against 1948-07-07: four of eight) to sit at decisions.md's line rather than below it; now a
 * year changed in two digits falls below it whatever the month and day, while day and month
 * swapped (a date format confused, not a forgery) keep the year's 60. Parts alone still let a
 * date changed in every part by one digit each pass as misreads (1981-01-02 against 1961-07-17:
 * 45 + 10 of the year's and month's shares), and a month and day changed with the year
 * kept keep its 60; OCR misreads one digit of a date, rarely two, so three digits or more that
 * differ outside a swap of day and month make it another date: 0.
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
