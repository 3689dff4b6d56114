/**
 * Percent similarity of two field values, normalised for case, spacing and punctuation
 * (decisions.md: "normalised for case, spacing, date format"; dates are YYYY-MM-DD on both sides
 * and compare by their eight digits, place by place). 100 is identical, 0 shares nothing; other
 * values by the Levenshtein distance.
 */
import { levenshtein } from '../../common/edit-distance.js';

/**
 * Latin letters that no accent stripping reduces to A–Z, spelled as ICAO 9303 part 3 transliterates
 * them in an MRZ (ß becomes SS in upper case already). Dropped as punctuation, ØYSTEIN would keep
 * only YSTEIN of OEYSTEIN.
 */
const TRANSLITERATION: Readonly<Record<string, string>> = { Ø: 'OE', Þ: 'TH', Ð: 'D', Đ: 'D', Ł: 'L', Æ: 'AE', Œ: 'OE', Ħ: 'H' };

export function normalise(value: string): string {
  return value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toUpperCase()
    .replace(/[ØÞÐĐŁÆŒĦ]/g, (c) => TRANSLITERATION[c] ?? c)
    .replace(/[^A-Z0-9]+/g, ' ').trim();
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
  const x = normalise(a);
  const y = normalise(b);
  if (x === y) return 100;
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 100;
  return Math.round((1 - levenshtein(x, y) / longest) * 100);
}
