/** Whether a reading's document code and dates can be a document's: a band cut short can pass checks by chance. */
import { LAYOUTS, spanText, type MrzFormat } from './layout.js';

export const CODE_LETTERS: Readonly<Record<MrzFormat, string>> = Object.freeze({ TD1: 'ACI', TD2: 'ACI', TD3: 'P', MRVA: 'V', MRVB: 'V' });

function dateLike(text: string): boolean {
  if (!/^[0-9<]{6}$/.test(text)) return false;
  const month = text.slice(2, 4);
  const day = text.slice(4, 6);
  const inRange = (part: string, high: number): boolean => part === '<<' || (/^\d\d$/.test(part) && Number(part) >= 1 && Number(part) <= high);
  return inRange(month, 12) && inRange(day, 31);
}

/** Whether the reading's document code and dates are what ICAO 9303 allows in its layout. */
export function plausible(reading: { lines: readonly string[]; format: MrzFormat }): boolean {
  const layout = LAYOUTS[reading.format];
  if (!CODE_LETTERS[reading.format].includes(reading.lines[0]?.[0] ?? '')) return false;
  return layout.checks
    .filter((check) => check.name === 'birthDate' || check.name === 'expirationDate')
    .every((check) => dateLike(spanText(reading.lines, check.spans[0]!)));
}
