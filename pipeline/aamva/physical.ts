/** Physical description elements (DBC, DAU/DAV, DAW/DAX/DCE, DAY, DAZ) in decisions.md's forms. */
import { present, type Reading } from './reading.js';

/** DBC: 1/2/9 from version 2 on, letters in the 2000 layout. */
export function readSex(raw: string | undefined): Reading {
  const text = present(raw);
  if (text === undefined) return undefined;
  const sex = ({ '1': 'M', M: 'M', '2': 'F', F: 'F', '9': 'X', X: 'X' } as Record<string, string>)[text.toUpperCase()];
  return sex === undefined ? { value: text, valid: false } : { value: sex, valid: true };
}

const INCHES = { min: 24, max: 108 };
const CENTIMETRES = { min: 60, max: 275 };

/** DAU: `069 IN`, `175 CM`, `5-09`, or the 2000 layout's FII (`509` is 5 ft 9 in); DAV: centimetres. */
export function readHeight(dau: string | undefined, dav: string | undefined): Reading {
  const text = present(dau)?.toUpperCase();
  if (text === undefined) {
    const cm = present(dav);
    return cm === undefined ? undefined : measured(cm.replace(/\s*CM$/i, ''), 'cm', CENTIMETRES, cm);
  }
  const withUnit = /^(\d{1,3})\s*(IN|CM)\.?$/.exec(text);
  if (withUnit !== null) {
    const unit = withUnit[2] === 'CM' ? 'cm' : 'in';
    return measured(withUnit[1] ?? '', unit, unit === 'cm' ? CENTIMETRES : INCHES, text);
  }
  const feet = /^(\d)\s*['-]\s*(\d{1,2})"?$/.exec(text);
  if (feet !== null) return fromFeet(Number(feet[1]), Number(feet[2]), text);
  if (/^\d{3}$/.test(text)) {
    const first = Number(text[0]);
    const rest = Number(text.slice(1));
    if (first >= 3 && first <= 8 && rest < 12) return fromFeet(first, rest, text);
    const n = Number(text);
    return n >= 100 ? measured(String(n), 'cm', CENTIMETRES, text) : measured(String(n), 'in', INCHES, text);
  }
  if (/^\d{2}$/.test(text)) return measured(text, 'in', INCHES, text);
  return { value: text, valid: false };
}

function fromFeet(feet: number, inches: number, raw: string): Reading {
  if (inches >= 12) return { value: raw, valid: false };
  return measured(String(feet * 12 + inches), 'in', INCHES, raw);
}

function measured(digits: string, unit: string, range: { min: number; max: number }, raw: string): Reading {
  if (!/^\d+$/.test(digits)) return { value: raw, valid: false };
  const n = Number(digits);
  return { value: `${n} ${unit}`, valid: n >= range.min && n <= range.max };
}

const POUNDS = { min: 50, max: 700 };
const KILOGRAMS = { min: 20, max: 320 };

const WEIGHT_RANGES: readonly (readonly [string, string])[] = [
  ['0-70 lb', '0-31 kg'], ['71-100 lb', '32-45 kg'], ['101-130 lb', '46-59 kg'], ['131-160 lb', '60-70 kg'],
  ['161-190 lb', '71-86 kg'], ['191-220 lb', '87-100 kg'], ['221-250 lb', '101-113 kg'],
  ['251-280 lb', '114-127 kg'], ['281-320 lb', '128-145 kg'], ['321+ lb', '146+ kg'],
];

/** DAW pounds (some Canadian cards write `50 KG` there), DAX kilograms, else the DCE range. */
export function readWeight(daw: string | undefined, dax: string | undefined, dce: string | undefined, metric: boolean): Reading {
  const pounds = present(daw)?.toUpperCase();
  if (pounds !== undefined) {
    const match = /^(\d{1,3})\s*(LBS?|KG)?\.?$/.exec(pounds);
    if (match === null) return { value: pounds, valid: false };
    return match[2] === 'KG'
      ? measuredWeight(match[1] ?? '', 'kg', KILOGRAMS)
      : measuredWeight(match[1] ?? '', 'lb', POUNDS);
  }
  const kilograms = present(dax)?.toUpperCase();
  if (kilograms !== undefined) {
    const match = /^(\d{1,3})\s*(KG)?$/.exec(kilograms);
    return match === null ? { value: kilograms, valid: false } : measuredWeight(match[1] ?? '', 'kg', KILOGRAMS);
  }
  const range = present(dce);
  if (range === undefined) return undefined;
  const row = /^\d$/.test(range) ? WEIGHT_RANGES[Number(range)] : undefined;
  return row === undefined ? { value: range, valid: false } : { value: metric ? row[1] : row[0], valid: true };
}

function measuredWeight(digits: string, unit: string, range: { min: number; max: number }): Reading {
  const n = Number(digits);
  return { value: `${n} ${unit}`, valid: n >= range.min && n <= range.max };
}

/** ANSI D-20 eye colour codes, the words some jurisdictions write, and older cards' two-letter codes (`BR`). */
const EYES: Readonly<Record<string, string>> = {
  BLK: 'BLK', BLU: 'BLU', BRO: 'BRO', BRN: 'BRO', GRY: 'GRY', GRN: 'GRN', HAZ: 'HAZ', MAR: 'MAR', PNK: 'PNK',
  DIC: 'DIC', UNK: 'UNK', BLACK: 'BLK', BLUE: 'BLU', BROWN: 'BRO', GRAY: 'GRY', GREY: 'GRY', GREEN: 'GRN',
  HAZEL: 'HAZ', MAROON: 'MAR', PINK: 'PNK', DICHROMATIC: 'DIC', UNKNOWN: 'UNK',
  BK: 'BLK', BL: 'BLU', BR: 'BRO', GY: 'GRY', GR: 'GRN', HZ: 'HAZ',
};

/** ANSI D-20 hair colour codes, the words some jurisdictions write, and older cards' `BR` (`BL` is left out: black or blond). */
const HAIR: Readonly<Record<string, string>> = {
  BAL: 'BAL', BLK: 'BLK', BLN: 'BLN', BRO: 'BRO', BRN: 'BRO', GRY: 'GRY', RED: 'RED', SDY: 'SDY', WHI: 'WHI',
  UNK: 'UNK', BALD: 'BAL', BLACK: 'BLK', BLOND: 'BLN', BLONDE: 'BLN', BROWN: 'BRO', GRAY: 'GRY', GREY: 'GRY',
  AUBURN: 'RED', SANDY: 'SDY', WHITE: 'WHI', UNKNOWN: 'UNK',
  BK: 'BLK', BR: 'BRO', GY: 'GRY', RD: 'RED', SD: 'SDY', WH: 'WHI',
};

export function readEyes(raw: string | undefined): Reading {
  return colour(raw, EYES);
}

export function readHair(raw: string | undefined): Reading {
  return colour(raw, HAIR);
}

function colour(raw: string | undefined, codes: Readonly<Record<string, string>>): Reading {
  const text = present(raw)?.toUpperCase();
  if (text === undefined) return undefined;
  const code = Object.prototype.hasOwnProperty.call(codes, text) ? codes[text] : undefined;
  return code === undefined ? { value: text, valid: false } : { value: code, valid: true };
}
