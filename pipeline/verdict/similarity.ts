/**
 * Percent similarity of two field values, normalised for case, spacing and punctuation
 * (decisions.md: "normalised for case, spacing, date format"; dates are already YYYY-MM-DD on both
 * sides). 100 is identical, 0 shares nothing; based on the Levenshtein distance.
 */
import { levenshtein } from '../../common/edit-distance.js';

export function normalise(value: string): string {
  return value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ').trim();
}

export function similarity(a: string, b: string): number {
  const x = normalise(a);
  const y = normalise(b);
  if (x === y) return 100;
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 100;
  return Math.round((1 - levenshtein(x, y) / longest) * 100);
}
