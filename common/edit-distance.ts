/**
 * Levenshtein edit distance by its dynamic-programming rows: the last row of `pattern` against
 * `text`; a first row of zeros lets the match begin anywhere in `text` (Sellers' algorithm).
 */
export function lastEditRow(pattern: string, text: string, matchAnywhere: boolean): number[] {
  let previous = Array.from({ length: text.length + 1 }, (_, j) => (matchAnywhere ? 0 : j));
  for (let i = 1; i <= pattern.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= text.length; j += 1) {
      const cost = pattern[i - 1] === text[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous;
}

export function levenshtein(a: string, b: string): number {
  return lastEditRow(a, b, false)[b.length]!;
}
