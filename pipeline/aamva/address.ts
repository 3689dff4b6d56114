/** Address elements (DAG, DAH, DAI, DAJ, DAK) as printed, without filler (trailing spaces, dangling hyphen, plus-4 `0000`). */
import { present, type Reading } from './reading.js';

const NO_VALUE = new Set(['NONE', 'UNAVL', 'N/A']);

export function readStreet(dag: string | undefined, dah: string | undefined): Reading {
  const lines = [present(dag), present(dah)].filter((line) => line !== undefined && !NO_VALUE.has(line.toUpperCase()));
  if (lines.length === 0) return undefined;
  const value = lines.join(', ');
  return { value, valid: isPrintable(value) };
}

export function readCity(dai: string | undefined): Reading {
  const value = present(dai);
  return value === undefined ? undefined : { value, valid: isPrintable(value) && /\p{L}/u.test(value) };
}

/** DAK: a US ZIP (5 digits, ZIP+4 with or without hyphen) or a Canadian postal code. */
export function readZip(dak: string | undefined, canadian: boolean): Reading {
  let value = present(dak)?.toUpperCase().replace(/-$/, '');
  if (value === undefined) return undefined;
  if (/^\d{9,10}$/.test(value) && value.endsWith('0000')) value = value.slice(0, -4);
  else if (/^\d{5}[ -]0+$/.test(value)) value = value.slice(0, 5);
  const valid = canadian ? /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/.test(value)
    // Some jurisdictions (MA, MO) pad the ZIP to six digits; accept 5–9 digits or ZIP+4.
    : /^\d{5,9}$/.test(value) || /^\d{5}[ -]\d{4}$/.test(value);
  return { value, valid };
}

function isPrintable(text: string): boolean {
  return !/[\p{C}]/u.test(text);
}
