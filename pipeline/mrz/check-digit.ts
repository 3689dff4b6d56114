/** ICAO 9303 check digits: weights 7, 3, 1 over character values (0–9, A=10 … Z=35, < = 0), mod 10. */

export function charValue(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return 0; // '<' (and, defensively, anything else)
}

const WEIGHTS = [7, 3, 1] as const;

export function checkDigit(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += charValue(text[i]!) * WEIGHTS[i % 3]!;
  return sum % 10;
}
