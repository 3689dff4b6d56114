/** Issuer Identification Numbers of the US and Canadian jurisdictions (AAMVA's IIN list). */

export type CountryCode = 'USA' | 'CAN';

export interface Country {
  name: string;
  alpha2: string;
  alpha3: CountryCode;
}

export const COUNTRIES: Readonly<Record<CountryCode, Country>> = Object.freeze({
  USA: { name: 'United States', alpha2: 'US', alpha3: 'USA' },
  CAN: { name: 'Canada', alpha2: 'CA', alpha3: 'CAN' },
});

export interface Jurisdiction {
  /** Postal abbreviation (`CA`, `ON`). */
  code: string;
  name: string;
  country: CountryCode;
  /** The IINs its cards carry, the current first. */
  iins: readonly string[];
}

const US = (code: string, name: string, ...iins: string[]): Jurisdiction => ({ code, name, country: 'USA', iins });
const CA = (code: string, name: string, ...iins: string[]): Jurisdiction => ({ code, name, country: 'CAN', iins });

export const JURISDICTIONS: readonly Jurisdiction[] = Object.freeze([
  US('AL', 'Alabama', '636033'), US('AK', 'Alaska', '636059'), US('AZ', 'Arizona', '636026'),
  US('AR', 'Arkansas', '636021'), US('CA', 'California', '636014'), US('CO', 'Colorado', '636020'),
  US('CT', 'Connecticut', '636006'), US('DE', 'Delaware', '636011'),
  US('DC', 'District of Columbia', '636043'), US('FL', 'Florida', '636010'), US('GA', 'Georgia', '636055'),
  US('HI', 'Hawaii', '636047'), US('ID', 'Idaho', '636050'), US('IL', 'Illinois', '636035'),
  US('IN', 'Indiana', '636037'), US('IA', 'Iowa', '636018'), US('KS', 'Kansas', '636022'),
  US('KY', 'Kentucky', '636046'), US('LA', 'Louisiana', '636007'), US('ME', 'Maine', '636041'),
  US('MD', 'Maryland', '636003'), US('MA', 'Massachusetts', '636002'), US('MI', 'Michigan', '636032'),
  US('MN', 'Minnesota', '636038'), US('MS', 'Mississippi', '636051'), US('MO', 'Missouri', '636030'),
  US('MT', 'Montana', '636008'), US('NE', 'Nebraska', '636054'), US('NV', 'Nevada', '636049'),
  US('NH', 'New Hampshire', '636039'), US('NJ', 'New Jersey', '636036'), US('NM', 'New Mexico', '636009'),
  US('NY', 'New York', '636001'), US('NC', 'North Carolina', '636004'), US('ND', 'North Dakota', '636034'),
  US('OH', 'Ohio', '636023'), US('OK', 'Oklahoma', '636058'), US('OR', 'Oregon', '636029'),
  US('PA', 'Pennsylvania', '636025'), US('RI', 'Rhode Island', '636052'),
  US('SC', 'South Carolina', '636005'), US('SD', 'South Dakota', '636042'), US('TN', 'Tennessee', '636053'),
  US('TX', 'Texas', '636015'), US('UT', 'Utah', '636040'), US('VT', 'Vermont', '636024'),
  US('VA', 'Virginia', '636000'), US('WA', 'Washington', '636045'), US('WV', 'West Virginia', '636061'),
  US('WI', 'Wisconsin', '636031'), US('WY', 'Wyoming', '636060'),
  US('AS', 'American Samoa', '604427'), US('GU', 'Guam', '636019'),
  US('MP', 'Northern Mariana Islands', '604430'), US('PR', 'Puerto Rico', '604431'),
  US('VI', 'US Virgin Islands', '636062'),
  // Alberta's cards carry a non-ISO IIN (990876) besides the one AAMVA lists.
  CA('AB', 'Alberta', '604432', '990876'), CA('BC', 'British Columbia', '636028'),
  CA('MB', 'Manitoba', '636048'), CA('NB', 'New Brunswick', '636017'),
  CA('NL', 'Newfoundland and Labrador', '636016'), CA('NS', 'Nova Scotia', '636013'),
  CA('NT', 'Northwest Territories', '604434'), CA('NU', 'Nunavut', '604433'),
  CA('ON', 'Ontario', '636012'), CA('PE', 'Prince Edward Island', '604426'), CA('QC', 'Quebec', '604428'),
  CA('SK', 'Saskatchewan', '636044'), CA('YT', 'Yukon', '604429'),
]);

const byIin = new Map(JURISDICTIONS.flatMap((j) => j.iins.map((iin) => [iin, j] as const)));
const byCode = new Map(JURISDICTIONS.map((j) => [j.code, j] as const));

export function jurisdictionByIin(iin: string): Jurisdiction | undefined {
  return byIin.get(iin);
}

export function jurisdictionByCode(code: string): Jurisdiction | undefined {
  return byCode.get(code.trim().toUpperCase());
}

export function iinForJurisdiction(code: string): string | undefined {
  return jurisdictionByCode(code)?.iins[0];
}

/** Reads a country code as found in DCG (`USA`, `CAN`, and the older `CDN`). */
export function countryFromCode(value: string): CountryCode | undefined {
  const code = value.trim().toUpperCase();
  if (code === 'USA' || code === 'US') return 'USA';
  if (code === 'CAN' || code === 'CDN' || code === 'CA') return 'CAN';
  return undefined;
}
