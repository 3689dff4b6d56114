/** A struck capital D (Ð or Đ, one shape in capitals) as its word's likeliest language writes it. */
import { isMarked } from '../languages/alphabets.js';
import { wordLogLikelihood } from '../languages/letter-trigrams.js';

/** `text` with each word's struck capital D as its language writes it (one character for one). */
export function settleStruckD(text: string): string {
  if (!/[ÐĐ]/u.test(text)) return text;
  return text.replace(/\p{L}+/gu, (word) => {
    const chars = Array.from(word);
    const struck = (k: number): boolean => chars[k] === 'Ð' || chars[k] === 'Đ';
    if (!chars.some((_, k) => struck(k))) return word;
    const small = chars.map((c) => c.toLowerCase());
    const others = small.filter((letter, k) => !struck(k) && isMarked(letter));
    let best: { letter: string; score: number } | undefined;
    for (const letter of ['ð', 'đ']) {
      const score = wordLogLikelihood(small.map((c, k) => (struck(k) ? letter : c)), [letter, ...others]);
      if (score !== undefined && (best === undefined || score > best.score)) best = { letter, score };
    }
    return best === undefined ? word : chars.map((char, k) => (struck(k) ? best!.letter.toUpperCase() : char)).join('');
  });
}
