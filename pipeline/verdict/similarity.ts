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

function spelledOut(value: string): string {
  return transliterate(value).replace(/</g, ' ');
}

/** A date as both sides give it (decisions.md: YYYY-MM-DD). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Two dates agree digit by digit, place by place: the separators are format, not content (counted
 * as agreeing characters they held any two dates of one century at 40–50 %), and a date's digits
 * do not shift as a name's letters do, so an edit distance, free to realign them, found 1961-02-12
 * and 1976-11-21 half alike. A misread digit costs 12.5 points; a date changed outright keeps
 * little more than its century.
 */
function dateSimilarity(a: string, b: string): number {
  const x = a.replace(/-/g, ''); const y = b.replace(/-/g, '');
  let same = 0;
  for (let i = 0; i < x.length; i++) if (x[i] === y[i]) same++;
  return Math.round((same / x.length) * 100);
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
