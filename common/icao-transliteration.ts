// ICAO 9303 part 3, section 6.

/** The letters whose MRZ spelling is not just their base letter. */
export const MRZ_SPELLINGS: Readonly<Record<string, string>> = Object.freeze({
  Ä: 'AE', Å: 'AA', Æ: 'AE', Ö: 'OE', Ø: 'OE', Ü: 'UE', ß: 'SS', Œ: 'OE', Þ: 'TH', Ð: 'D', Đ: 'D',
  Ĳ: 'IJ', Ł: 'L', Ħ: 'H', Ŋ: 'N', Ŧ: 'T', ı: 'I',
});

/** A character without its combining marks: É → E, Ñ → N (Ø, Ł and the like are letters of their own). */
export function baseLetter(char: string): string {
  return char.normalize('NFD').replace(/\p{M}/gu, '');
}

/** One character of a name in the MRZ alphabet: letters and digits, `<` for a separator, '' for the rest. */
export function mrzSpelling(char: string): string {
  const upper = char === 'ß' ? char : char.toUpperCase();
  const spelled = MRZ_SPELLINGS[upper];
  if (spelled !== undefined) return spelled;
  const base = baseLetter(upper);
  if (/^[A-Z0-9]$/.test(base)) return base;
  return /^[\s\-‐,.<]$/.test(base) ? '<' : '';
}

/** A name in the MRZ alphabet: upper case, transliterated, one `<` between its parts. */
export function transliterate(name: string): string {
  return Array.from(name, mrzSpelling).join('').replace(/<+/g, '<').replace(/^<|<$/g, '');
}
