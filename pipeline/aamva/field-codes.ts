/** DL/ID element IDs per AAMVA version (0 read as 1); an ID the version lacks must not split a separator-less value. */

type ElementRow = readonly [string, number, number, string];

const LAST = 99;

const ELEMENTS: readonly ElementRow[] = [
  // AAMVA DL/ID-2000: names, addresses and codes of the original layout.
  ['DAA', 0, 1, 'full name (LAST,FIRST,MIDDLE,SUFFIX)'],
  ['DAB', 0, 3, 'family name'],
  ['DAC', 0, LAST, 'first name'],
  ['DAD', 0, LAST, 'middle names'],
  ['DAE', 0, 1, 'name suffix'],
  ['DAF', 0, 1, 'name prefix'],
  ['DAG', 0, LAST, 'street address 1'],
  ['DAH', 0, LAST, 'street address 2'],
  ['DAI', 0, LAST, 'city'],
  ['DAJ', 0, LAST, 'jurisdiction code'],
  ['DAK', 0, LAST, 'postal code'],
  ['DAL', 0, 1, 'residence street address 1'],
  ['DAM', 0, 1, 'residence street address 2'],
  ['DAN', 0, 1, 'residence city'],
  ['DAO', 0, 1, 'residence jurisdiction code'],
  ['DAP', 0, 1, 'residence postal code'],
  ['DAQ', 0, LAST, 'customer ID number'],
  ['DAR', 0, 1, 'license classification code'],
  ['DAS', 0, 1, 'license restriction code'],
  ['DAT', 0, 1, 'license endorsements code'],
  ['DAU', 0, LAST, 'height'],
  ['DAV', 0, 1, 'height (cm)'],
  ['DAW', 0, LAST, 'weight (lb)'],
  ['DAX', 0, LAST, 'weight (kg)'],
  ['DAY', 0, LAST, 'eye color'],
  ['DAZ', 0, LAST, 'hair color'],
  ['DBA', 0, LAST, 'expiration date'],
  ['DBB', 0, LAST, 'date of birth'],
  ['DBC', 0, LAST, 'sex'],
  ['DBD', 0, LAST, 'issue date'],
  ['DBE', 0, 1, 'issue timestamp'],
  ['DBF', 0, 1, 'number of duplicates'],
  ['DBG', 0, 1, 'medical indicator'],
  ['DBH', 0, 1, 'organ donor'],
  ['DBI', 0, 1, 'non-resident indicator'],
  ['DBJ', 0, 1, 'unique customer identifier'],
  ['DBK', 0, 1, 'social security number'],
  ['DBL', 0, 1, 'AKA date of birth'],
  ['DBM', 0, 1, 'AKA social security number'],
  ['DBN', 0, LAST, 'alias family name'],
  ['DBO', 0, 1, 'AKA last name'],
  ['DBP', 0, 1, 'AKA first name'],
  ['DBQ', 0, 1, 'AKA middle name'],
  ['DBR', 0, 1, 'AKA suffix'],
  ['DBS', 0, LAST, 'alias suffix'],
  ['PAA', 0, 1, 'permit classification code'],
  ['PAB', 0, 1, 'permit expiration date'],
  ['PAC', 0, 1, 'permit identifier'],
  ['PAD', 0, 1, 'permit issue date'],
  ['PAE', 0, 1, 'permit restriction code'],
  ['PAF', 0, 1, 'permit endorsement code'],
  // AAMVA 2003 onwards: the Card Design Standard's element set.
  ['DCA', 2, LAST, 'jurisdiction-specific vehicle class'],
  ['DCB', 2, LAST, 'jurisdiction-specific restriction codes'],
  ['DCD', 2, LAST, 'jurisdiction-specific endorsement codes'],
  ['DCE', 2, LAST, 'weight range'],
  ['DCF', 2, LAST, 'document discriminator'],
  ['DCG', 2, LAST, 'country identification'],
  ['DCH', 2, 6, 'federal commercial vehicle codes'],
  ['DCI', 2, LAST, 'place of birth'],
  ['DCJ', 2, LAST, 'audit information'],
  ['DCK', 2, LAST, 'inventory control number'],
  ['DCL', 2, LAST, 'race / ethnicity'],
  ['DCM', 2, LAST, 'standard vehicle classification'],
  ['DCN', 2, LAST, 'standard endorsement code'],
  ['DCO', 2, LAST, 'standard restriction code'],
  ['DCP', 2, LAST, 'vehicle classification description'],
  ['DCQ', 2, LAST, 'endorsement code description'],
  ['DCR', 2, LAST, 'restriction code description'],
  ['DCS', 2, LAST, 'family name'],
  ['DCT', 2, 3, 'given names'],
  ['DCU', 2, LAST, 'name suffix'],
  ['DBG', 2, LAST, 'alias given name'],
  // AAMVA 2009 onwards.
  ['DDA', 4, LAST, 'compliance type'],
  ['DDB', 4, LAST, 'card revision date'],
  ['DDC', 4, LAST, 'HAZMAT endorsement expiration date'],
  ['DDD', 4, LAST, 'limited duration document indicator'],
  ['DDE', 4, LAST, 'family name truncation'],
  ['DDF', 4, LAST, 'first name truncation'],
  ['DDG', 4, LAST, 'middle name truncation'],
  ['DDH', 4, LAST, 'under 18 until'],
  ['DDI', 4, LAST, 'under 19 until'],
  ['DDJ', 4, LAST, 'under 21 until'],
  ['DDK', 4, LAST, 'organ donor indicator'],
  ['DDL', 4, LAST, 'veteran indicator'],
];

export const LATEST_VERSION = 10;

const cache = new Map<number, ReadonlySet<string>>();

/** IDs of a version's DL/ID subfile; the 2000 layout's DAB/DAC/DAD stay in every table, as version 2–3 cards carry them. */
export function elementIds(version: number): ReadonlySet<string> {
  const v = Math.min(Math.max(Number.isInteger(version) ? version : LATEST_VERSION, 0), LATEST_VERSION);
  let ids = cache.get(v);
  if (ids === undefined) {
    ids = new Set(ELEMENTS.filter(([, from, to]) => v >= from && v <= to).map(([id]) => id));
    cache.set(v, ids);
  }
  return ids;
}

/** IDs of the 2000 layout cards hardly carry, left out of a separator-less scan, where they match inside values (`ENGLAND,ADAM`). */
const RARE_IDS: ReadonlySet<string> = new Set([
  'DAE', 'DAF', 'DAL', 'DAM', 'DAN', 'DAO', 'DAP', 'DBE', 'DBI', 'DBJ', 'DBK', 'DBL', 'DBM', 'DBO', 'DBP',
  'DBQ', 'DBR', 'PAA', 'PAB', 'PAC', 'PAD', 'PAE', 'PAF',
]);

export function scanIds(version: number | undefined): ReadonlySet<string> {
  const ids = version === undefined ? allElementIds() : elementIds(version);
  return new Set([...ids].filter((id) => !RARE_IDS.has(id)));
}

export function allElementIds(): ReadonlySet<string> {
  return new Set(ELEMENTS.map(([id]) => id));
}

/** IDs only an AAMVA payload carries: a text without a header counts as AAMVA when three of them open its elements. */
export const CORE_IDS: ReadonlySet<string> = new Set([
  'DAA', 'DAB', 'DAC', 'DAG', 'DAI', 'DAJ', 'DAK', 'DAQ', 'DBA', 'DBB', 'DBC', 'DBD', 'DCS', 'DCT',
]);
