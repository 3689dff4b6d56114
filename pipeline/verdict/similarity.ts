/**
 * Percent similarity of two field values, normalised for case, spacing and punctuation
 * (decisions.md: "normalised for case, spacing, date format"; dates are YYYY-MM-DD on both sides
 * and compare by their digits). 100 is identical, 0 shares nothing; based on the Levenshtein distance.
 */
import { levenshtein } from '../../common/edit-distance.js';

export function normalise(value: string): string {
  return value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ').trim();
}

/** A date as both sides give it (decisions.md: YYYY-MM-DD). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function similarity(a: string, b: string): number {
  // Two dates compare by their eight digits: the separators are format, not content, and counted
  // as agreeing characters they held any two dates of one century at 40–50 % similarity, on the
  // wrong side of the 50 % forgery line for a birth date changed outright.
  const dates = ISO_DATE.test(a) && ISO_DATE.test(b);
  const x = dates ? a.replace(/-/g, '') : normalise(a);
  const y = dates ? b.replace(/-/g, '') : normalise(b);
  if (x === y) return 100;
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 100;
  return Math.round((1 - levenshtein(x, y) / longest) * 100);
}
