/**
 * US and Canadian licence / ID card fronts in the AAMVA card design. Fields are announced by the
 * standard's numbers and words (4d DLN, 3 DOB, 4b EXP, 4a ISS, 9 CLASS, 15 SEX, 16 HGT, 17 WGT,
 * 18 EYES, 19 HAIR; 5 DD and 12 RESTR only bound other values). Three parts rarely carry a
 * readable label and are found by their shape instead:
 *   - the address: a `CITY, ST ZIP` line and the street line above it (8);
 *   - the names: the first two name-shaped lines left over, family name (1) then given names (2);
 *   - the issuer: the jurisdiction's name and the card's title in the header band.
 */
import type { DocumentField } from '../../common/document.js';
import { COUNTRIES, JURISDICTIONS, jurisdictionByCode, type Jurisdiction } from '../aamva/iin.js';
import { findDate, type DateKind } from './dates.js';
import { label, numberLabel, readLabelled, type LabelRule, type Reading } from './labels.js';
import { spanConfidence, type FrontLine } from './layout.js';
import { asDigits, documentNumber, eyes, hair, height, licenceClass, locality, personName, sex, street, weight, type ValueParser } from './values.js';
import { fieldsFrom, type FrontReading } from './readings.js';

const usDate = (kind: DateKind): ValueParser => (s) => findDate(asDigits(s), 'MDY', kind);

const RULES: readonly LabelRule[] = [
  { field: 'id', label: label('4d', 'DLN|DL\\s*NO\\.?|DL#|LIC(?:ENSE)?\\s*(?:NO\\.?|#)|ID\\s*NO\\.?', '(?=[\\s:.#]|$)'), parse: documentNumber },
  { field: 'id', label: /(?<![\p{L}\d])4d(?=\s)/iu, parse: documentNumber },
  { field: 'dob', label: label('3', 'D[O0]B|DATE OF BIRTH|BIRTH ?DATE'), parse: usDate('past') },
  { field: 'expires', label: label('4b', 'EXP(?:IRES)?|EXPIRATION'), parse: usDate('future') },
  { field: 'issued', label: label('4a', '[I1l]SS(?:UED)?|ISSUE DATE'), parse: usDate('past') },
  { field: 'class', label: label('9', 'CLASS|CLASSE'), parse: licenceClass },
  { field: 'gender', label: label('15', 'SEX'), parse: sex },
  { field: 'height', label: label('16', 'HGT|HT|HEIGHT'), parse: height },
  { field: 'weight', label: label('17', 'WGT|WT|WEIGHT'), parse: weight },
  { field: 'eyes', label: label('18', 'EYES|EYE'), parse: eyes },
  { field: 'hair', label: label('19', 'HAIR'), parse: hair },
  { field: 'familyName', label: label('1', 'LN|LAST NAME', '(?=[\\s:.]|$)'), parse: personName },
  { field: 'privateName', label: label('2', 'FN|FIRST NAME', '(?=[\\s:.]|$)'), parse: personName },
  { field: 'familyName', label: numberLabel('1'), parse: personName, places: ['inline'] },
  { field: 'privateName', label: numberLabel('2'), parse: personName, places: ['inline'] },
  { label: label('5', 'DD', '(?=[\\s:]|$)') },
  { label: label('12', 'RESTR?|RSTR|RESTRICTIONS', '(?=[\\s:.]|$)') },
  { label: label('9a', 'END|ENDORSEMENTS?', '(?=[\\s:.]|$)') },
  { label: numberLabel('8') },
];

const TITLES: readonly [RegExp, string][] = [
  [/DRIVER'?S?\s*LICEN[CS]E|PERMIS DE CONDUIRE|LEARNER|INSTRUCTION PERMIT/i, 'DL'],
  [/IDENTIFICATION\s*CARD|\bID\s*CARD|IDENTIFICATION/i, 'ID'],
];

/** Words that are printed on cards but are never a holder's name. */
const NOT_NAMES = /^(?:NONE|USA|CANADA|DONOR|VETERAN|REAL ID|DUPLICATE|SIGNATURE|ORGAN DONOR|NOT FOR FEDERAL.*|[A-Z]{1,3})$/i;

/** Reads a licence front's fields from its lines (in reading order). */
export function readLicence(lines: readonly FrontLine[]): FrontReading {
  const readings = readLabelled(lines, RULES);
  const used = new Set<FrontLine>([...readings.values()].map((r) => r.line));
  const labelLine = (line: FrontLine): boolean => RULES.some((r) => new RegExp(r.label.source, r.label.flags).test(line.text));

  const address = readAddress(lines, used);
  for (const [field, reading] of address) readings.set(field, reading);

  const issuer = readIssuer(lines, readings.get('state')?.value);
  for (const [field, reading] of issuer.readings) if (!readings.has(field)) readings.set(field, reading);

  // Names: the first two name-shaped lines no label claimed, below the header band.
  const headerBottom = issuer.headerBottom;
  const nameLines = lines.filter((l) => !used.has(l) && l.top >= headerBottom && !labelLine(l)
    && !NOT_NAMES.test(l.text.trim()) && personName(l.text)?.end === l.text.trimEnd().length);
  const next = (): Reading | undefined => {
    const line = nameLines.shift();
    const found = line === undefined ? undefined : personName(line.text);
    return line === undefined || found === undefined ? undefined
      : { ...found, line, confidence: spanConfidence(line, found.start, found.end) };
  };
  if (!readings.has('familyName')) {
    const family = next();
    if (family) readings.set('familyName', family);
  }
  if (!readings.has('privateName')) {
    const given = next();
    if (given) readings.set('privateName', given);
  }
  return fieldsFrom(readings, { template: issuer.template });
}

/** The `CITY, ST ZIP` line, and the street line just above it. */
function readAddress(lines: readonly FrontLine[], used: Set<FrontLine>): Map<DocumentField, Reading> {
  const out = new Map<DocumentField, Reading>();
  const index = lines.findIndex((l) => !used.has(l) && locality(l.text) !== undefined);
  if (index < 0) return out;
  const line = lines[index]!;
  const place = locality(line.text)!;
  const span = (value: string, part: string): Reading => {
    const start = Math.max(0, line.text.indexOf(part));
    return { value, start, end: start + part.length, line, confidence: spanConfidence(line, start, start + part.length) };
  };
  out.set('city', span(place.city.trim().toUpperCase(), place.city.trim()));
  out.set('state', span(place.state, place.state));
  out.set('zip', span(place.zip, place.zip));
  used.add(line);
  const above = lines
    .filter((l) => !used.has(l) && l.bottom <= line.cy && line.top - l.bottom < 2 * line.height && Math.abs(l.left - line.left) < 2 * line.height)
    .sort((a, b) => b.bottom - a.bottom)[0];
  const found = above === undefined ? undefined : street(above.text.replace(/^8\s+/, '  '));
  if (above !== undefined && found !== undefined) {
    out.set('address', { ...found, value: found.value.toUpperCase(), line: above, confidence: spanConfidence(above, found.start, found.end) });
    used.add(above);
  }
  return out;
}

/**
 * The issuing jurisdiction (its name in capitals in the header band, else the address's), the
 * country it belongs to, and the card's title (DL or ID): together the template `CA DL`.
 */
function readIssuer(lines: readonly FrontLine[], addressState: string | undefined): {
  readings: Map<DocumentField, Reading>; template: string | undefined; headerBottom: number;
} {
  const readings = new Map<DocumentField, Reading>();
  const pageTop = Math.min(...lines.map((l) => l.top));
  const pageBottom = Math.max(...lines.map((l) => l.bottom));
  const band = lines.filter((l) => l.bottom <= pageTop + 0.2 * (pageBottom - pageTop));
  let jurisdiction: Jurisdiction | undefined;
  let idType: string | undefined;
  for (const line of band) {
    const text = line.text.toUpperCase();
    jurisdiction ??= JURISDICTIONS.find((j) => text.includes(j.name.toUpperCase()));
    const title = TITLES.find(([re]) => re.test(text));
    if (idType === undefined && title !== undefined) {
      idType = title[1];
      readings.set('idType', { value: title[1], start: 0, end: line.text.length, line, confidence: spanConfidence(line, 0, line.text.length) });
    }
  }
  jurisdiction ??= addressState === undefined ? undefined : jurisdictionByCode(addressState);
  const headerBottom = band.length === 0 ? pageTop : Math.max(...band.map((l) => l.bottom));
  if (jurisdiction !== undefined) {
    const country = COUNTRIES[jurisdiction.country];
    const line = band[0] ?? lines[0]!;
    const confidence = spanConfidence(line, 0, line.text.length);
    const at = (value: string): Reading => ({ value, start: 0, end: line.text.length, line, confidence });
    readings.set('state', at(jurisdiction.code));
    readings.set('country', at(country.name));
    readings.set('abbrCountry', at(country.alpha2));
    readings.set('abbr3Country', at(country.alpha3));
  }
  const template = jurisdiction === undefined ? undefined : `${jurisdiction.code} ${idType ?? 'DL'}`;
  return { readings, template, headerBottom };
}
