/**
 * Dates as fronts print them, normalised to YYYY-MM-DD: numeric with any separator, and with month
 * names (`02 JAN/JAN 80`, `Jan 2, 1980`). Two-digit years make a birth date past and an expiry future.
 */
import { FRONT_TUNING } from './tunables.js';
import { asDigits, type Found } from './values.js';

/** Day-month order of purely numeric dates: US cards print MDY, visual zones DMY. */
export type NumericOrder = 'MDY' | 'DMY';
export type DateKind = 'past' | 'future' | 'any';

/**
 * Month names and abbreviations of the visual zones' languages (not Croatian: its `LIS` is
 * October, Polish and Czech `LIS` November); DAY_MONTH reads ICAO's pairs (`14 ŘÍJ/OCT 81`).
 */
const MONTHS: Readonly<Record<string, number>> = (() => {
  const names: [number, string[]][] = [
    [1, ['JAN', 'JANV', 'JANUARY', 'JANVIER', 'ENE', 'ENERO', 'JÄN', 'JANUAR', 'GEN', 'GENNAIO', 'JANEIRO', 'JANUARI', 'STY', 'STYCZEŃ', 'STYCZNIA',
      'LED', 'LEDEN', 'LEDNA', 'SAU', 'SAUSIS', 'JANVĀRIS', 'JAAN', 'JAANUAR', 'OCA', 'OCAK', 'TAMMI', 'ЯНВ', 'ЯНВАРЯ', 'СІЧ', 'СІЧНЯ']],
    [2, ['FEB', 'FEV', 'FÉV', 'FEVR', 'FÉVR', 'FEBRUARY', 'FÉVRIER', 'FEBRERO', 'FEBRUAR', 'FEBBRAIO', 'FEVEREIRO', 'FEBRUARI', 'LUT', 'LUTY', 'LUTEGO',
      'ÚNO', 'ÚNOR', 'ÚNORA', 'VAS', 'VASARIS', 'FEBR', 'FEBRUĀRIS', 'VEEBR', 'VEEBRUAR', 'ŞUB', 'ŞUBAT', 'HELMI', 'ФЕВ', 'ФЕВРАЛЯ', 'ЛЮТ', 'ЛЮТОГО']],
    [3, ['MAR', 'MARS', 'MARCH', 'MARZO', 'MÄR', 'MÄRZ', 'MRZ', 'MARÇO', 'MAART', 'MRT', 'MARZEC', 'MARCA', 'BŘE', 'BŘEZEN', 'BŘEZNA', 'KOV', 'KOVAS',
      'MARTS', 'MÄRTS', 'MAALIS', 'МАР', 'МАРТА', 'БЕР', 'БЕРЕЗНЯ']],
    [4, ['APR', 'AVR', 'AVRIL', 'APRIL', 'ABR', 'ABRIL', 'APRILE', 'KWI', 'KWIECIEŃ', 'KWIETNIA', 'DUB', 'DUBEN', 'DUBNA', 'BAL', 'BALANDIS',
      'APRĪLIS', 'NİS', 'NIS', 'NİSAN', 'HUHTI', 'АПР', 'АПРЕЛЯ', 'КВІ', 'КВІТНЯ']],
    [5, ['MAY', 'MAI', 'MAYO', 'MAG', 'MAGGIO', 'MAIO', 'MEI', 'MAJ', 'MAJA', 'KVĚ', 'KVĚTEN', 'KVĚTNA', 'GEG', 'GEGUŽĖ', 'MAIJS', 'MAYIS',
      'TOUKO', 'МАЙ', 'МАЯ', 'ТРА', 'ТРАВНЯ']],
    [6, ['JUN', 'JUIN', 'JUNE', 'JUNIO', 'JUNI', 'GIU', 'GIUGNO', 'JUNHO', 'CZE', 'CZERWIEC', 'CZERWCA', 'ČVN', 'ČERVEN', 'ČERVNA', 'BIRŽ',
      'BIRŽELIS', 'JŪN', 'JŪNIJS', 'JUUNI', 'HAZ', 'HAZİRAN', 'KESÄ', 'ИЮН', 'ИЮНЯ', 'ЧЕР', 'ЧЕРВНЯ']],
    [7, ['JUL', 'JUIL', 'JULY', 'JUILLET', 'JULIO', 'JULI', 'LUG', 'LUGLIO', 'JULHO', 'LIP', 'LIPIEC', 'LIPCA', 'ČVC', 'ČERVENEC', 'ČERVENCE',
      'LIEP', 'LIEPA', 'JŪL', 'JŪLIJS', 'JUULI', 'TEM', 'TEMMUZ', 'HEINÄ', 'ИЮЛ', 'ИЮЛЯ', 'ЛИП', 'ЛИПНЯ']],
    [8, ['AUG', 'AOU', 'AOÛ', 'AOUT', 'AOÛT', 'AUGUST', 'AGO', 'AGOSTO', 'AUGUSTUS', 'SIE', 'SIERPIEŃ', 'SIERPNIA', 'SRP', 'SRPEN', 'SRPNA',
      'RGP', 'RUGPJŪTIS', 'AUGUSTS', 'AĞU', 'AĞUSTOS', 'ELO', 'АВГ', 'АВГУСТА', 'СЕР', 'СЕРПНЯ']],
    [9, ['SEP', 'SEPT', 'SEPTEMBER', 'SEPTEMBRE', 'SEPTIEMBRE', 'SET', 'SETTEMBRE', 'SETEMBRO', 'WRZ', 'WRZESIEŃ', 'WRZEŚNIA', 'ZÁŘ', 'ZÁŘÍ',
      'RGS', 'RUGSĖJIS', 'SEPTEMBRIS', 'EYL', 'EYLÜL', 'SYYS', 'СЕН', 'СЕНТЯБРЯ', 'ВЕР', 'ВЕРЕСНЯ']],
    [10, ['OCT', 'OKT', 'OCTOBER', 'OCTOBRE', 'OCTUBRE', 'OKTOBER', 'OTT', 'OTTOBRE', 'OUT', 'OUTUBRO', 'PAŹ', 'PAŹDZIERNIK', 'PAŹDZIERNIKA',
      'ŘÍJ', 'ŘÍJEN', 'ŘÍJNA', 'SPAL', 'SPALIS', 'OKTOBRIS', 'EKİ', 'EKI', 'EKİM', 'LOKA', 'ОКТ', 'ОКТЯБРЯ', 'ЖОВ', 'ЖОВТНЯ']],
    [11, ['NOV', 'NOVEMBER', 'NOVEMBRE', 'NOVIEMBRE', 'NOVEMBRO', 'LIS', 'LISTOPAD', 'LISTOPADA', 'LAPKR', 'LAPKRITIS', 'NOVEMBRIS', 'KAS', 'KASIM',
      'MARRAS', 'НОЯ', 'НОЯБРЯ', 'ЛИС', 'ЛИСТОПАДА']],
    [12, ['DEC', 'DÉC', 'DEZ', 'DIC', 'DECEMBER', 'DÉCEMBRE', 'DICIEMBRE', 'DEZEMBER', 'DICEMBRE', 'DEZEMBRO', 'DES', 'GRU', 'GRUDZIEŃ', 'GRUDNIA',
      'PRO', 'PROSINEC', 'PROSINCE', 'GRUOD', 'GRUODIS', 'DECEMBRIS', 'DETS', 'DETSEMBER', 'ARA', 'ARALIK', 'JOULU', 'ДЕК', 'ДЕКАБРЯ', 'ГРУ', 'ГРУДНЯ']],
  ];
  const table: Record<string, number> = {};
  for (const [month, words] of names) for (const word of words) table[word] ??= month;
  return table;
})();

export function monthWords(month: number): string[] {
  return Object.entries(MONTHS).flatMap(([word, m]) => (m === month ? [word] : []));
}

export function monthOfWord(word: string): number | undefined {
  return MONTHS[word.toUpperCase()];
}

const SEP = '[\\/.\\- ]\\s*';
const NUMERIC = new RegExp(`(?<!\\d)(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{4}|\\d{2})(?!\\d)`);
/** NUMERIC, every occurrence: compiled once (labels.ts says why). */
const NUMERIC_EVERY = new RegExp(NUMERIC.source, 'g');
const YEAR_FIRST = new RegExp(`(?<!\\d)(\\d{4})${SEP}(\\d{1,2})${SEP}(\\d{1,2})(?!\\d)`);
const EIGHT_DIGITS = /(?<!\d)(\d{8})(?!\d)/;
// A translated month name may hold an O read as 0 (`AUG/A0UT`); it names the month where the first does not.
const DAY_MONTH = /(?<!\d)(\d{1,2})[\s.\-/]*(\p{L}{3,11})\.?(?:\s*\/\s*(\p{L}[\p{L}0]{2,10})\.?)?[\s.,\-/]*(\d{4}|\d{2})(?!\d)/u;
/** Day and month glued to a four-digit year (`21 081967`), 19xx or 20xx only so that an eight-digit number is not split. */
const YEAR_GLUED = /(?<!\d)(\d{1,2})[\/.\- ]\s*(\d{2})((?:19|20)\d{2})(?!\d)/;
const MONTH_DAY = /(\p{L}{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?!\d)/u;

/** The page's numeric day-month order: one date with a number over 12 settles all its dates; without one, `fallback`. */
export function numericOrderOf(texts: readonly string[], fallback: NumericOrder): NumericOrder {
  let dmy = 0;
  let mdy = 0;
  for (const text of texts) {
    NUMERIC_EVERY.lastIndex = 0;
    for (let m = NUMERIC_EVERY.exec(text); m !== null; m = NUMERIC_EVERY.exec(text)) {
      const a = Number(m[1]);
      const b = Number(m[2]);
      if (a > 12 && a <= 31 && b <= 12) dmy += 1;
      else if (b > 12 && b <= 31 && a <= 12) mdy += 1;
    }
  }
  return dmy > mdy ? 'DMY' : mdy > dmy ? 'MDY' : fallback;
}

export function findDate(text: string, order: NumericOrder, kind: DateKind, now = new Date()): Found | undefined {
  const candidates: Found[] = [];
  const push = (m: RegExpExecArray | null, ymd: (g: string[]) => [number, number, number] | undefined): void => {
    if (m === null) return;
    const parts = ymd(m.slice(1));
    if (parts === undefined) return;
    const iso = isoDate(parts, kind, now);
    if (iso !== undefined) candidates.push({ value: iso, start: m.index, end: m.index + m[0].length });
  };
  push(YEAR_FIRST.exec(text), ([y, m, d]) => [Number(y), Number(m), Number(d)]);
  push(NUMERIC.exec(text), ([a, b, y]) => numeric(Number(a), Number(b), y!, order));
  push(EIGHT_DIGITS.exec(text), ([s]) => eightDigits(s!, order));
  push(YEAR_GLUED.exec(text), ([a, b, y]) => numeric(Number(a), Number(b), y!, order));
  push(DAY_MONTH.exec(text), ([d, m, other, y]) => withMonth(Number(d), m!, y!) ?? (other === undefined ? undefined : withMonth(Number(d), other.replace(/0/g, 'O'), y!)));
  push(MONTH_DAY.exec(text), ([m, d, y]) => withMonth(Number(d), m!, y!));
  candidates.sort((a, b) => a.start - b.start || b.end - a.end);
  return candidates[0];
}

function numeric(a: number, b: number, year: string, order: NumericOrder): [number, number, number] {
  const dayFirst = a > 12 ? true : b > 12 ? false : order === 'DMY';
  return dayFirst ? [yearOf(year), b, a] : [yearOf(year), a, b];
}

function eightDigits(s: string, order: NumericOrder): [number, number, number] | undefined {
  const head = Number(s.slice(0, 4));
  if (head >= 1900 && head <= 2100) return [head, Number(s.slice(4, 6)), Number(s.slice(6, 8))];
  return numeric(Number(s.slice(0, 2)), Number(s.slice(2, 4)), s.slice(4), order);
}

function withMonth(day: number, name: string, year: string): [number, number, number] | undefined {
  const month = MONTHS[name.toUpperCase()];
  return month === undefined ? undefined : [yearOf(year), month, day];
}

/** A two-digit year is marked by a negative value until the kind settles its century. */
function yearOf(text: string): number {
  return text.length === 2 ? -1 - Number(text) : Number(text);
}

function isoDate([y, m, d]: [number, number, number], kind: DateKind, now: Date): string | undefined {
  let year = y;
  if (year < 0) {
    const yy = -1 - year;
    const current = now.getUTCFullYear() % 100;
    const century = Math.floor(now.getUTCFullYear() / 100) * 100;
    if (kind === 'past') year = yy > current ? century - 100 + yy : century + yy;
    else if (kind === 'future') year = century + yy;
    else year = yy > current + 20 ? century - 100 + yy : century + yy;
  }
  if (year < 1900 || year > 2100 || m < 1 || m > 12 || d < 1) return undefined;
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  if (d > days) return undefined;
  return `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The letters a month word's letters are read as digits for (`15FE81957` for FEB, `AU6` for AUG, `0CT`, `A0UT`). */
const MONTH_LETTER_OF: Readonly<Record<string, string>> = { 0: 'O', 1: 'I', 5: 'S', 6: 'G', 8: 'B' };

export function monthOfReadWord(word: string): number | undefined {
  return monthOfWord(word.replace(/\d/g, (digit) => MONTH_LETTER_OF[digit] ?? digit));
}

/**
 * A date as printed or with letter/digit swaps undone (`O8/3l/1985`): undone first, then as read
 * (`09SEP` would lose its month's first letter), last with a month's 0 read as O (`110CT`) and a
 * third letter read as a digit put back (`15FE81957`).
 */
export function findReadDate(text: string, order: NumericOrder, kind: DateKind, now = new Date()): Found | undefined {
  return findDate(asDigits(text), order, kind, now) ?? findDate(text, order, kind, now)
    ?? findDate(text.replace(/0(?=\p{Lu}{2})|(?<=\p{Lu})0(?=\p{Lu})/gu, 'O')
      .replace(/(?<=\d\s?\p{Lu}{2})[086]/gu, (digit) => MONTH_LETTER_OF[digit]!), order, kind, now)
    ?? withMonthFirstLetter(text, order, kind, now);
}

/**
 * The date a text is and nothing else (a caption's value whose caption was not read), or after what
 * little is left of its caption (`P10/29/2020` of `EXP`, `006:` of `DOB:`).
 */
export function dateAlone(text: string, order: NumericOrder, kind: DateKind = 'any'): Found | undefined {
  const found = findReadDate(text, order, kind);
  if (found === undefined) return undefined;
  const left = (part: string): string => part.replace(/[\s:.,]/g, '');
  const before = left(text.slice(0, found.start));
  return left(text.slice(found.end)) === '' && before.length <= FRONT_TUNING.captionRemnantMax ? found : undefined;
}

/** Each English month's first letter by its other two, which no other month shares. */
const MONTH_FIRST_LETTER: Readonly<Record<string, string>> = {
  AN: 'J', EB: 'F', AR: 'M', PR: 'A', AY: 'M', UN: 'J', UL: 'J', UG: 'A', EP: 'S', CT: 'O', OV: 'N', EC: 'D',
};

/** A month whose first letter was lost between day and year (`28UL2023`), put back. */
function withMonthFirstLetter(text: string, order: NumericOrder, kind: DateKind, now: Date): Found | undefined {
  const tail = /(?<=\d\s?)(AN|EB|AR|PR|AY|UN|UL|UG|EP|CT|OV|EC)(?=\s?\d)/u.exec(text);
  if (tail === null) return undefined;
  const found = findDate(text.slice(0, tail.index) + MONTH_FIRST_LETTER[tail[1]!]! + text.slice(tail.index), order, kind, now);
  return found === undefined || found.end <= tail.index ? undefined : { ...found, end: found.end - 1 };
}
