/**
 * Whether a reading's fields can be a document's at all: a band cut short and read in the wrong
 * layout can pass every check by chance. ICAO 9303 fixes the document code's first letter per
 * layout (P; A, C or I; V) and dates as calendar dates or fillers.
 */
import { LAYOUTS, spanText, type MrzFormat } from './layout.js';

/** The letters a document code may open with, per layout. */
export const CODE_LETTERS: Readonly<Record<MrzFormat, string>> = Object.freeze({ TD1: 'ACI', TD2: 'ACI', TD3: 'P', MRVA: 'V', MRVB: 'V' });

/** A YYMMDD date, or one whose unknown parts are fillers. */
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
