/** AAMVA dates: MMDDCCYY (US, version 2 on) or CCYYMMDD (Canada, 2000 layout); a year out of 1900–2199 means the other order. */
import type { Reading } from './reading.js';

export type DateOrder = 'MDY' | 'YMD';

const MIN_YEAR = 1900;
const MAX_YEAR = 2199;

export function readDate(raw: string | undefined, preferred: DateOrder): Reading {
  const text = raw?.trim() ?? '';
  if (text === '') return undefined;
  const digits = text.replace(/[-/.]/g, '');
  if (!/^\d{8}$/.test(digits)) return { value: text, valid: false };
  const orders: DateOrder[] = preferred === 'MDY' ? ['MDY', 'YMD'] : ['YMD', 'MDY'];
  for (const order of orders) {
    const iso = order === 'MDY'
      ? toIso(digits.slice(4, 8), digits.slice(0, 2), digits.slice(2, 4))
      : toIso(digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8));
    if (iso !== undefined) return { value: iso, valid: true };
  }
  return { value: text, valid: false };
}

export function dateOrder(version: number, canadian: boolean): DateOrder {
  return canadian || version <= 1 ? 'YMD' : 'MDY';
}

function toIso(year: string, month: string, day: string): string | undefined {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12 || d < 1) return undefined;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return undefined;
  return `${year}-${month}-${day}`;
}
