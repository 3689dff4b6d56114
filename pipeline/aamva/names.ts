/** Names in every version's form (DCS/DAC/DAD, DCS/DCT, DAB…, DAA); the most specific present wins, as cards mix them. */
import type { Elements } from './elements.js';
import { present } from './reading.js';

export interface Names {
  family?: string;
  first?: string;
  middle?: string;
}

/** Placeholders that jurisdictions write where a name part does not exist. */
const NO_VALUE = new Set(['NONE', 'UNAVL', 'NA', 'N/A']);

export function readNames(elements: Elements): Names {
  const full = splitFullName(present(elements.get('DAA')));
  const family = present(elements.get('DCS')) ?? present(elements.get('DAB')) ?? full.family;
  let first = present(elements.get('DAC'));
  let middle = optional(elements.get('DAD'));
  if (first === undefined) {
    const given = splitGiven(present(elements.get('DCT')));
    first = given.first ?? full.first;
    middle ??= given.first !== undefined ? given.middle : full.middle;
  }
  return withoutUndefined({ family, first, middle });
}

export function isValidName(name: string): boolean {
  return /^\p{L}[\p{L}\p{M} '.,-]*$/u.test(name);
}

function splitFullName(text: string | undefined): Names {
  if (text === undefined) return {};
  if (/[,$]/.test(text)) {
    const parts = text.split(/[,$]/).map((part) => present(part));
    const [family] = parts;
    // `JONES,MARCIA MOTORIST`: with no third part the second holds every given name.
    const given = parts.length === 2 ? splitGiven(parts[1]) : { first: parts[1], middle: optional(parts[2]) };
    return withoutUndefined({ family, ...given });
  }
  const words = text.split(' ');
  if (words.length === 1) return { family: text };
  return withoutUndefined({ first: words[0], middle: optional(words.slice(1, -1).join(' ')), family: words[words.length - 1] });
}

function splitGiven(text: string | undefined): Names {
  if (text === undefined) return {};
  const parts = (text.includes(',') ? text.split(',') : text.split(' ')).map((part) => present(part)).filter((part) => part !== undefined);
  return withoutUndefined({ first: parts[0], middle: optional(parts.slice(1).join(' ')) });
}

function optional(raw: string | undefined): string | undefined {
  const text = present(raw);
  return text === undefined || NO_VALUE.has(text.toUpperCase()) ? undefined : text;
}

function withoutUndefined(names: Names): Names {
  const out: Names = {};
  if (names.family !== undefined) out.family = names.family;
  if (names.first !== undefined) out.first = names.first;
  if (names.middle !== undefined) out.middle = names.middle;
  return out;
}
