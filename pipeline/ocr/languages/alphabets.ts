/** Languages writing marked Latin letters, their speakers and extra letters (CLDR, `npm run alphabets:gen`). */
import { readFileSync } from 'node:fs';

export interface Alphabet {
  speakers: number;
  letters: ReadonlySet<string>;
}

let alphabets: ReadonlyMap<string, Alphabet> | undefined;

export function latinAlphabets(): ReadonlyMap<string, Alphabet> {
  if (alphabets !== undefined) return alphabets;
  const file = new URL('../../../../models/cldr/latin-alphabets.json', import.meta.url);
  const { languages } = JSON.parse(readFileSync(file, 'utf8')) as { languages: Record<string, { speakers: number; letters: string }> };
  alphabets = new Map(Object.entries(languages).map(([code, entry]) => [code, { speakers: entry.speakers, letters: new Set(Array.from(entry.letters)) }]));
  return alphabets;
}

/** A lower-case Latin letter other than a–z: one with a mark, or a letter of its own (ł, ø, þ). */
export function isMarked(char: string): boolean {
  return /^\p{Ll}$/u.test(char) && /\p{Script=Latin}/u.test(char) && !/^[a-z]$/.test(char);
}
