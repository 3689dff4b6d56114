/**
 * US and Canadian licence / ID fronts in the AAMVA card design: fields announced by the standard's
 * numbers and words (4d DLN, 3 DOB, 4b EXP …), values beside or below their labels. Photos lose
 * the small captions, so the address, dates, names and issuer are also found by shape and place.
 * A field that cannot be placed is left out: a wrong one would be a false ItsFake.
 */
import type { DocumentField } from '../../common/document.js';
import { COUNTRIES, JURISDICTIONS, jurisdictionByCode, type Jurisdiction } from '../aamva/iin.js';
import { findReadDate, numericOrderOf, type DateKind, type NumericOrder } from './dates.js';
import { euLicenceRules, numbersDatesAsEu } from './eu-licence.js';
import { NO_MACHINE_VALUES, withMachineValues, type MachineValues } from './guided.js';
import { BARE_NUMBER_FORM, machineNumberForm, machineNumberPattern, readShapedNumber } from './shaped-number.js';
import { settleDates, wholeLineDate, type DateField } from './date-order.js';
import { holdsCaption, label, numberLabel, readLabelledValues, withoutCaptions, type LabelRule, type Reading } from './labels.js';
import { spanConfidence, type FrontLine } from './layout.js';
import { familyBesideGiven, familyFirstLine, familyNextToGiven, givenFirstLine, keptNames, readDesignatedNames, sameSpan, signedAsFamily, signedLastWords, stackedUnder, wholeName, withoutNameDesignator } from './unlabelled-names.js';
import { asDigits, documentNumber, eyes, givenNames, hair, height, licenceClass, locality, personName, sex, street, weight, type ValueParser } from './values.js';
import { fieldsFrom, type FrontReading } from './contract-fields.js';
import { FRONT_TUNING } from './tunables.js';

/** A name label: at the start of a line, or right after its field number; its value may follow glued (`LNCARDHOLDER`). */
function nameLabel(number: string, words: string): RegExp {
  return new RegExp(`(?:^|(?<![\\p{L}\\d])${number}\\.?\\s*)(?:${words})(?=[\\s:.]|$|(?<=^\\S{2,})[A-Z]{2})`, 'iu');
}

/** The French of bilingual Canadian captions, listed: any word after a slash would eat a glued value (`NUMBER/NUMEROL0152…`). */
const FRENCH_CAPTIONS = 'NUM[EÉ]RO|DDN|DATE DE NAISSANCE|EXP|EXPIRATION|SEXE|TAILLE|POIDS|YEUX|CHEVEUX|CLASSE|D[EÉ]L|DATE DE D[EÉ]LIVRANCE|NOM|PR[EÉ]NOMS?';

const bilingual = (words: string): string => `(?:${words})(?:\\s*/\\s*(?:${FRENCH_CAPTIONS})\\.?)?`;

/** After a number's caption its value may follow glued: `DLND12345678`, `DLI1234568`, `NO.1234567`. */
const BEFORE_NUMBER = '(?=[\\s:.#]|[A-Z]{0,2}\\d|$)';

/** An AAMVA designator alone or with a garbled caption glued (`4b8XP 01/02/2030`): it still announces its field. */
const garbledCaption = (number: string): RegExp => new RegExp(`(?<![\\p{L}\\d])${number}[\\p{L}\\d]{0,3}(?=\\s)`, 'iu');

const rulesFor = (order: NumericOrder): readonly LabelRule[] => {
  const cardDate = (kind: DateKind): ValueParser => (s) => findReadDate(s, order, kind);
  return [
  {
    field: 'id', parse: documentNumber,
    label: label('4d', bilingual('DLN|DL\\s*NO\\.?|DL#|LIC(?:ENSE)?\\s*(?:NO\\.?|#)|ID\\s*NO\\.?|IDN|CUST(?:OMER)?\\s*ID|NUMBER|NUM[EÉ]RO|DL|NO\\.?'), BEFORE_NUMBER),
  },
  // `4d` garbled into the caption (`adDLN`, `40DLN`): DLN, in no word, still announces the number.
  { field: 'id', label: /(?<![\p{L}\d])[\p{L}\d]{1,2}DLN(?=[\s:.#]|$)/iu, parse: documentNumber },
  { field: 'id', label: /(?<![\p{L}\d])4d(?=\s)/iu, parse: documentNumber },
  // `ID` before the number on its line (`ID 123 456 789`); alone, the word is also in titles (`REAL ID`).
  { field: 'id', label: /(?<![\p{L}\d])ID(?=\s*[:#.]?\s*[A-Z]{0,2}\d)/iu, parse: documentNumber, places: ['inline'] },
  // `3` alone opens a line with the date after it; elsewhere a bare 3 is a house number's or a height's.
  { field: 'dob', label: /^\s*3(?=\s+\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}(?!\d))/u, parse: cardDate('past'), places: ['inline'] },
  { field: 'dob', label: label('3', bilingual('D\\.?[O0]\\.?B\\.?|DATE OF BIRTH|BIRTH ?DATE')), parse: cardDate('past') },
  { field: 'expires', label: label('4b', bilingual('EXP(?:IRES)?|EXPIRATION|EXPIRY')), parse: cardDate('future') },
  { field: 'expires', label: garbledCaption('4b'), parse: cardDate('future') },
  { field: 'issued', label: label('4a', bilingual('[I1l]SS(?:UED)?|ISSUE DATE|DATE OF ISSUE')), parse: cardDate('past') },
  { field: 'issued', label: garbledCaption('4a'), parse: cardDate('past') },
  { field: 'class', label: label('9', 'CLASS|CLASSE'), parse: licenceClass },
  { field: 'gender', label: label('15', bilingual('SEX')), parse: sex },
  { field: 'height', label: label('16', bilingual('HGT|HT|HEIGHT')), parse: height },
  { field: 'weight', label: label('17', bilingual('WGT|WT|WEIGHT')), parse: weight },
  { field: 'eyes', label: label('18', 'EYES|EYE'), parse: eyes },
  { field: 'hair', label: label('19', 'HAIR'), parse: hair },
  // LN and FN also end street names (`5951 CEDAR LN`): as labels they open a line or follow their number.
  { field: 'familyName', label: nameLabel('1', 'LN|LAST\\s*NAME|SURNAME|FAMILY\\s*NAME'), parse: personName },
  { field: 'privateName', label: nameLabel('2', 'FN|FIRST\\s*(?:(?:&|AND)\\s*MIDDLE\\s*)?NAMES?|GIVEN\\s*NAMES?'), parse: personName },
  { label: label('5', 'DD', '(?=[\\s:]|$)') },
  { label: label('12', 'RESTR?|RSTR|RESTRICTIONS', '(?=[\\s:.]|$)') },
  { label: label('9a', 'END|ENDORSEMENTS?', '(?=[\\s:.]|$)') },
  { label: numberLabel('8') },
  ...euLicenceRules(cardDate),
  ];
};
const RULES: Readonly<Record<NumericOrder, readonly LabelRule[]>> = { MDY: rulesFor('MDY'), DMY: rulesFor('DMY') };

const NAME_RULES = RULES.MDY.filter((r) => r.field === 'familyName' || r.field === 'privateName');

const TITLES: readonly [RegExp, string][] = [
  [/DRIVER'?S?\s*LICEN[CS]E|PERMIS DE CONDUIRE|LEARNER|INSTRUCTION PERMIT/i, 'DL'],
  [/IDENTIFICATION\s*CARD|\bID\s*CARD|IDENTIFICATION/i, 'ID'],
];

const NOT_NAMES = /^(?:NONE|USA|CANADA|UNITED STATES|DONOR|VETERAN|REAL ID|DUPLICATE|SIGNATURE|ORGAN DONOR|NOT FOR FEDERAL.*)$/i;

export function readLicence(lines: readonly FrontLine[], found: MachineValues = NO_MACHINE_VALUES, today = new Date()): FrontReading {
  // US cards print month first, the EU licence day first; dates that can be read one way only decide.
  const texts = lines.map((l) => asDigits(l.text));
  const order = numericOrderOf(texts, numbersDatesAsEu(texts) ? 'DMY' : 'MDY');
  const rules = RULES[order];
  const { readings, claimed } = readLabelledValues(lines, rules);
  for (const [field, reading] of readJoinedNames(lines)) if (!readings.has(field)) readings.set(field, reading);
  const used = new Set<FrontLine>([...readings.values()].map((r) => r.line));
  const labelLine = (line: FrontLine): boolean => holdsCaption(line, rules);

  const address = readAddress(lines, used);
  for (const [field, reading] of address) readings.set(field, reading);
  // The values of labels without a field (`5 DD`, `12 RESTR`) are neither dates nor names.
  for (const line of claimed) used.add(line);

  const issuer = readIssuer(lines, readings.get('state')?.value);
  for (const [field, reading] of issuer.readings) if (!readings.has(field)) readings.set(field, reading);

  const labelledDates = new Map<DateField, Reading>();
  for (const field of ['dob', 'issued', 'expires'] as const) {
    const reading = readings.get(field);
    if (reading !== undefined) labelledDates.set(field, reading);
    readings.delete(field);
  }
  const loose = lines.filter((l) => !used.has(l)).map((l) => wholeLineDate(l, order)).filter((r): r is Reading => r !== undefined);
  for (const [field, reading] of settleDates(labelledDates, loose, today)) {
    readings.set(field, reading);
    used.add(reading.line);
  }

  const nameCaption = (line: FrontLine): boolean => holdsCaption(line, NAME_RULES);
  // The header band is not barred: the EU licence prints its numbered names that high.
  const designated = readDesignatedNames(lines, (l) => used.has(l) || nameCaption(l));
  for (const [field, reading] of designated) if (!readings.has(field)) readings.set(field, reading);
  for (const [field, reading] of readNames(lines, readings, used, labelLine, issuer.header)) readings.set(field, reading);
  withoutCaptions(readings, rules);
  withMachineValues(readings, found.readings, found.machine);
  // Names placed by order alone, given first, leave the family name on the given names' line;
  // one the machine's family name was found on stays (ANNA in MARIANNA).
  if (!found.readings.has('familyName') && sameSpan(readings.get('familyName'), readings.get('privateName'))) readings.delete('familyName');
  const barred = (line: FrontLine): boolean => used.has(line) || issuer.header.has(line) || labelLine(line) || NOT_NAMES.test(line.text.trim());
  const family = familyBesideGiven(readings) ?? familyNextToGiven(lines, readings, barred, true);
  if (family !== undefined) readings.set('familyName', family);
  // Read alone (no barcode), a licence's number may stand bare under its title.
  const form = found.machine.id === undefined ? BARE_NUMBER_FORM : machineNumberForm(found.machine.id);
  const shaped = readShapedNumber(lines, readings, used, form, order, machineNumberPattern(found.machine.id), true);
  if (shaped !== undefined) readings.set('id', shaped);
  return fieldsFrom(readings, { template: issuer.template });
}

/**
 * The names where no `LN`/`FN` label gave them: family name (1) then given names (2) right above
 * the address (8), in its column, as large as the dates; without an address, the first two such
 * lines below the number and dates. Each is kept only where read surely.
 */
function readNames(lines: readonly FrontLine[], readings: ReadonlyMap<DocumentField, Reading>, used: ReadonlySet<FrontLine>,
  labelLine: (line: FrontLine) => boolean, header: ReadonlySet<FrontLine>): Map<DocumentField, Reading> {
  if (readings.has('familyName') && readings.has('privateName')) return new Map();
  const dateHeights = ['dob', 'issued', 'expires', 'id'].map((f) => readings.get(f as DocumentField)?.line.textHeight)
    .filter((h): h is number => h !== undefined);
  const minHeight = dateHeights.length === 0 ? 0 : FRONT_TUNING.minUnlabelledHeight * Math.min(...dateHeights);
  const nameOf = (line: FrontLine): Reading | undefined => {
    // A field number before the name is not part of it; a short name reads in lower case as often
    // as not; a family name read with a comma is none.
    const found = wholeName(line, withoutNameDesignator(line.text), false, givenNames);
    return found === undefined || NOT_NAMES.test(found.value) ? undefined : found;
  };
  const anchor = readings.get('address')?.line ?? readings.get('city')?.line;
  const column = anchor ?? readings.get('dob')?.line;
  if (column === undefined) return new Map();
  const candidates = lines.filter((l) => !used.has(l) && !header.has(l) && !labelLine(l) && l.textHeight >= minHeight
    && Math.abs(l.left - column.left) < FRONT_TUNING.columnSlack * column.height)
    .map(nameOf)
    .filter((r): r is Reading => r !== undefined);

  let family: Reading | undefined;
  let given: Reading | undefined;
  if (anchor !== undefined) {
    [family, given] = candidates.filter((c) => c.line.index < anchor.index && c.line.bottom <= anchor.cy).slice(-2);
  } else {
    const fields = ['id', 'dob', 'issued', 'expires'].map((f) => readings.get(f as DocumentField)?.line.index)
      .filter((i): i is number => i !== undefined);
    [family, given] = candidates.filter((c) => c.line.index > Math.max(...fields));
  }
  // Placed by order alone, the names are tested against the holder's signature, whose last word is
  // the family name: older designs print the given names first, on their own line or before the family name.
  const signed = signedLastWords(lines);
  if (family !== undefined && given === undefined && anchor !== undefined && stackedUnder(family.line, anchor)) {
    ({ family, given } = familyFirstLine(family) ?? givenFirstLine(family, signed) ?? {});
  } else if (family === undefined || given === undefined || !stackedUnder(family.line, given.line)) {
    return new Map();
  } else if (signedAsFamily(signed, given) && !signedAsFamily(signed, family)) {
    [family, given] = [given, family];
  }
  if (family === undefined || given === undefined) return new Map();
  const kept = keptNames(family.value.includes(',') ? undefined : family, given);
  for (const field of readings.keys()) kept.delete(field);
  return kept;
}

/**
 * Both names after one designator (`1,2 SMITH, PETER`, `2,1 Peter Smith`), or one per line
 * (`1,2 DOE` over `JANE`), tried first where the line holds no comma, as a given-first line cut at
 * its last word would take a middle name for the family name.
 */
const JOINED_NAMES = /^\s*([12])\s*[,.]\s*([12])\s*(?=\p{L}|$)/u;

function readJoinedNames(lines: readonly FrontLine[]): Map<DocumentField, Reading> {
  const out = new Map<DocumentField, Reading>();
  const under = (upper: FrontLine): FrontLine | undefined => lines.filter((l) => stackedUnder(upper, l)).sort((a, b) => a.top - b.top)[0];
  for (const designator of lines) {
    const m = JOINED_NAMES.exec(designator.text);
    if (m === null || m[1] === m[2]) continue;
    const familyFirst = m[1] === '1';
    const alone = designator.text.trim().length === m[0].trim().length;
    const line = alone
      ? lines.filter((l) => l.top >= designator.cy && l.top - designator.bottom < 2 * designator.height
        && Math.abs(l.left - designator.left) < 2 * designator.height).sort((a, b) => a.top - b.top)[0]
      : designator;
    if (line === undefined) continue;
    const skip = alone ? 0 : m[0].length;
    const rest = line.text.slice(skip);
    const next = rest.includes(',') ? undefined : under(line);
    const first = wholeName(line, ' '.repeat(skip) + rest, false, familyFirst ? personName : givenNames);
    const second = next === undefined ? undefined : wholeName(next, next.text, false, familyFirst ? givenNames : personName);
    if (first !== undefined && second !== undefined) {
      out.set('familyName', familyFirst ? first : second);
      out.set('privateName', familyFirst ? second : first);
      return out;
    }
    const at = (value: string, start: number, end: number): Reading =>
      ({ value, start, end, line, confidence: spanConfidence(line, start, end) });
    const split = familyFirst ? rest.indexOf(',') : rest.trimEnd().lastIndexOf(' ');
    if (split <= 0) continue;
    const a = personName(rest.slice(0, split));
    const b = (familyFirst ? givenNames : personName)(rest.slice(split + 1));
    if (a === undefined || b === undefined) continue;
    const ra = at(a.value, skip + a.start, skip + a.end);
    const rb = at(b.value, skip + split + 1 + b.start, skip + split + 1 + b.end);
    out.set('familyName', familyFirst ? ra : rb);
    out.set('privateName', familyFirst ? rb : ra);
    return out;
  }
  return out;
}

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

const HEADER_WORDS = /^(?:USA|U\.S\.A\.?|CANADA|UNITED STATES(?: OF AMERICA)?|STATE OF .*|PROVINCE OF .*|COMMONWEALTH OF .*)$/i;

/** The issuing jurisdiction, country and card title (the template `CA DL`), and the header's lines, never a holder's name. */
function readIssuer(lines: readonly FrontLine[], addressState: string | undefined): {
  readings: Map<DocumentField, Reading>; template: string | undefined; header: Set<FrontLine>;
} {
  const readings = new Map<DocumentField, Reading>();
  const pageTop = Math.min(...lines.map((l) => l.top));
  const pageBottom = Math.max(...lines.map((l) => l.bottom));
  const band = lines.filter((l) => l.bottom <= pageTop + 0.2 * (pageBottom - pageTop));
  const header = new Set<FrontLine>(band);
  let jurisdiction: Jurisdiction | undefined;
  let jurisdictionLine: FrontLine | undefined;
  let idType: string | undefined;
  const letters = (text: string): string => text.toUpperCase().replace(/[^A-Z]/g, '');
  for (const line of [...band, ...lines.filter((l) => !band.includes(l))]) {
    const text = letters(line.text);
    const found = band.includes(line)
      ? JURISDICTIONS.find((j) => text.includes(letters(j.name)))
      : JURISDICTIONS.find((j) => text === letters(j.name));
    if (found !== undefined) {
      jurisdiction = found;
      jurisdictionLine = line;
      header.add(line);
      break;
    }
  }
  for (const line of lines) {
    const text = line.text.toUpperCase();
    const title = TITLES.find(([re]) => re.test(text));
    if (title !== undefined || HEADER_WORDS.test(line.text.trim())) header.add(line);
    if (idType === undefined && title !== undefined) {
      idType = title[1];
      readings.set('idType', { value: title[1], start: 0, end: line.text.length, line, confidence: spanConfidence(line, 0, line.text.length) });
    }
  }
  jurisdiction ??= addressState === undefined ? undefined : jurisdictionByCode(addressState);
  if (jurisdiction !== undefined) {
    const country = COUNTRIES[jurisdiction.country];
    const line = jurisdictionLine ?? band[0] ?? lines[0]!;
    const confidence = spanConfidence(line, 0, line.text.length);
    const at = (value: string): Reading => ({ value, start: 0, end: line.text.length, line, confidence });
    readings.set('state', at(jurisdiction.code));
    readings.set('country', at(country.name));
    readings.set('abbrCountry', at(country.alpha2));
    readings.set('abbr3Country', at(country.alpha3));
  }
  const template = jurisdiction === undefined ? undefined : `${jurisdiction.code} ${idType ?? 'DL'}`;
  return { readings, template, header };
}
