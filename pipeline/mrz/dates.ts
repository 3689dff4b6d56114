/** MRZ dates (YYMMDD) to YYYY-MM-DD: a birth date is never ahead, an expiry at most EXPIRY_AHEAD_YEARS ahead. */

const EXPIRY_AHEAD_YEARS = 20;

export type DateKind = 'birth' | 'expiry';

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function mrzDate(text: string, kind: DateKind, today: Date = new Date()): string | undefined {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [yy, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(2000 + yy, month, 0)).getUTCDate()) return undefined;
  const nowYear = today.getUTCFullYear();
  const limit = kind === 'birth' ? iso(nowYear, today.getUTCMonth() + 1, today.getUTCDate())
    : iso(nowYear + EXPIRY_AHEAD_YEARS, 12, 31);
  let year = Math.floor(nowYear / 100) * 100 + yy + 100;
  while (iso(year, month, day) > limit) year -= 100;
  // 29 February exists only in leap years; the century may have moved onto a non-leap one.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCMonth() !== month - 1) return undefined;
  return iso(year, month, day);
}
