/** Parsers for the values a front prints after its labels, each saying where in the segment the value lies (for its confidence). */

export interface Found {
  value: string;
  start: number;
  end: number;
}

export type ValueParser = (segment: string) => Found | undefined;

function match(re: RegExp, segment: string, value: (m: RegExpExecArray) => string | undefined): Found | undefined {
  const m = re.exec(segment);
  if (m === null) return undefined;
  const v = value(m);
  return v === undefined ? undefined : { value: v, start: m.index, end: m.index + m[0].length };
}

/** A document number: letters, digits, hyphens, a digit at least; digit groups parted by single spaces are one number. A `]` is a J. */
export const documentNumber: ValueParser = (segment) => match(/^\s*([A-Z0-9][A-Z0-9\])-]*(?: \d{2,})*)/i, segment, (m) => {
  const value = m[1]!.replace(/\s+/g, ' ').replace(/[\])]/g, 'J').toUpperCase();
  const length = value.replace(/ /g, '').length;
  return /\d/.test(value) && length >= 4 && length <= 20 ? value : undefined;
});

/**
 * A document number under its caption in a visual zone: as above ending its word, or 6–9 capitals
 * (ICAO numbers need not hold a digit); ending its word keeps a garbled caption from giving a number.
 */
export const captionedDocumentNumber: ValueParser = (segment) => {
  const found = documentNumber(segment);
  if (found !== undefined) return /^\S/.test(segment.slice(found.end)) ? undefined : found;
  return match(/^\s*([A-Z]{6,9})\s*$/, segment, (m) => m[1]);
};

/** Undoes letter/digit swaps by context (`SACRAMENT0`, `O8/3l/1985`), keeping lengths so indices stay valid. */
export function asLetters(text: string): string {
  return text.replace(/(?<=\p{L})[0158]|[0158](?=\p{L}{2})/gu, (c) => ({ '0': 'O', '1': 'I', '5': 'S', '8': 'B' })[c] ?? c);
}

export function asDigits(text: string): string {
  // Z for 2 as well (`0Z MAY1977`).
  const digit: Readonly<Record<string, string>> = { O: '0', o: '0', Q: '0', I: '1', l: '1', '|': '1', Z: '2', S: '5', B: '8' };
  const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
  return text.split('').map((c, i) => (digit[c] !== undefined && (isDigit(text[i - 1]) || isDigit(text[i + 1])) ? digit[c] : c)).join('');
}

/** A name as printed; an abbreviation's full stop gets its space back (ST.JOHN), an initial's (J.R.) needs none. */
export const personName: ValueParser = (segment) => match(/^\s*(\p{L}[\p{L}'’ .-]*\p{L}\.?|\p{L})(?=\s*(?:,|$|\s\d))/u, asLetters(segment),
  // In capitals letter by letter, so that a ß stays one letter.
  (m) => inCapitals(m[1]!.replace(/(\p{L}{2})\.(?=\p{L})/gu, '$1. ')));

function inCapitals(name: string): string {
  return name.replace(/\s+/g, ' ').replace(/’/g, "'").trim().replace(/\p{Ll}/gu, (c) => (c.toUpperCase().length === 1 ? c.toUpperCase() : c));
}

/** Given names on their own line, a comma and what follows kept (`CONNOR M, JR`). */
export const givenNames: ValueParser = (segment) => match(/^\s*(\p{L}[\p{L}'’ .,-]*\p{L}\.?|\p{L})(?=\s*$)/u, asLetters(segment),
  (m) => inCapitals(m[1]!));

export const documentTypeCode: ValueParser = (segment) => match(/^\s*([A-Z]{1,2})\s*$/, segment, (m) => m[1]!);

export const sex: ValueParser = (segment) => match(/^\s*(MALE|FEMALE|M|F|X)(?![A-Z])/i, segment, (m) => m[1]!.toUpperCase()[0]);

/** `5'-09"`, `5-09`, `5' 9"`, `69 in`, `175 cm`. */
export const height: ValueParser = (segment) =>
  match(/^\s*(\d)\s*(?:['’`′]|FT)?\s*-?\s*(\d{1,2})\s*(?:["”″]|'')?/i, segment, (m) => {
    const inches = Number(m[2]);
    const feet = Number(m[1]);
    return inches < 12 && feet >= 3 && feet <= 8 && /['’`′-]|FT/i.test(m[0]) ? `${feet * 12 + inches} in` : undefined;
  }) ?? match(/^\s*(\d{2,3})\s*(CM|IN)\b/i, segment, (m) => `${Number(m[1])} ${m[2]!.toLowerCase()}`);

/** `165 lb`, `165 LBS`, `79 kg`; bare digits are pounds (US cards print no unit). */
export const weight: ValueParser = (segment) => match(/^\s*(\d{2,3})\s*([lI1|]BS?|KG)?(?![A-Z])/i, segment,
  (m) => `${Number(m[1])} ${m[2]?.toUpperCase() === 'KG' ? 'kg' : 'lb'}`);

const EYES: Readonly<Record<string, string>> = {
  BRO: 'BRO', BRN: 'BRO', BROWN: 'BRO', BLU: 'BLU', BLUE: 'BLU', GRN: 'GRN', GREEN: 'GRN',
  HAZ: 'HAZ', HAZEL: 'HAZ', GRY: 'GRY', GRAY: 'GRY', GREY: 'GRY', BLK: 'BLK', BLACK: 'BLK',
  MAR: 'MAR', MAROON: 'MAR', PNK: 'PNK', PINK: 'PNK', DIC: 'DIC', UNK: 'UNK',
};
const HAIR: Readonly<Record<string, string>> = {
  BAL: 'BAL', BALD: 'BAL', BLK: 'BLK', BLACK: 'BLK', BLN: 'BLN', BLND: 'BLN', BLOND: 'BLN', BLONDE: 'BLN',
  BRO: 'BRO', BRN: 'BRO', BROWN: 'BRO', GRY: 'GRY', GRAY: 'GRY', GREY: 'GRY', RED: 'RED', AUB: 'RED',
  SDY: 'SDY', SANDY: 'SDY', WHI: 'WHI', WHT: 'WHI', WHITE: 'WHI', UNK: 'UNK',
};

function colour(table: Readonly<Record<string, string>>): ValueParser {
  return (segment) => match(/^\s*([A-Z]{3,6})(?![A-Z])/i, segment, (m) => table[m[1]!.toUpperCase().replace(/0/g, 'O')]);
}

export const eyes = colour(EYES);
export const hair = colour(HAIR);

/** A licence class: one to three letters or digits (`C`, `CM`, `A1`), maybe several classes. */
export const licenceClass: ValueParser = (segment) => match(/^\s*([A-Z0-9]{1,3}(?:[ ,]+[A-Z]{1,2}\b)*)(?![A-Z0-9])/i, segment,
  (m) => m[1]!.toUpperCase().replace(/\s*,\s*/g, ' '));

export const countryCode: ValueParser = (segment) => match(/^\s*([A-Z]{1,3})(?![A-Z])/, segment, (m) => m[1]);

export interface Locality {
  city: string;
  state: string;
  zip: string;
}

/** `CITY, ST 12345-6789` or `CITY ON A1B 2C3`; the state stands apart from the city, else `AB123456` would be a place. */
export function locality(segment: string): (Found & Locality) | undefined {
  const m = /^\s*(\p{L}[\p{L}'’ .-]*?)(?:\s*,\s*|\s+)([A-Z]{2})\s*,?\s*(\d{5}(?:-?\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)\s*$/u.exec(segment.replace(/^[^,]*/, asLetters));
  if (m === null) return undefined;
  return {
    value: m[0].trim(), start: m.index, end: m.index + m[0].length,
    city: m[1]!, state: m[2]!, zip: m[3]!.replace(/^(\d{5})-?0000$/, '$1'),
  };
}

export const street: ValueParser = (segment) => match(/^\s*(\d+[A-Z]?\s+\S.*?)\s*$/i, segment, (m) => m[1]!.replace(/\s+/g, ' '));
