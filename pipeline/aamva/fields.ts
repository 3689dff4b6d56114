/** The DL/ID subfile's elements as the contract's fields, each with its own format's validity (cross-field checks: integrity.ts). */
import type { DocumentField, DocumentFields } from '../../common/document.js';
import { readCity, readStreet, readZip } from './address.js';
import { dateOrder, readDate } from './dates.js';
import type { Elements } from './elements.js';
import { COUNTRIES, countryFromCode, jurisdictionByCode, type CountryCode, type Jurisdiction } from './iin.js';
import { isValidName, readNames } from './names.js';
import { readEyes, readHair, readHeight, readSex, readWeight } from './physical.js';
import { present, type Reading } from './reading.js';

export interface FieldReadings {
  document: DocumentFields;
  valid: Partial<Record<DocumentField, boolean>>;
}

export interface FieldContext {
  version: number;
  issuer: Jurisdiction | undefined;
  documentType: string | undefined;
}

export function readFields(elements: Elements, context: FieldContext): FieldReadings {
  const out: FieldReadings = { document: {}, valid: {} };
  const set = (field: DocumentField, reading: Reading): void => {
    if (reading === undefined) return;
    out.document[field] = reading.value;
    out.valid[field] = reading.valid;
  };

  if (context.documentType !== undefined) set('idType', { value: context.documentType, valid: true });
  const country = readCountry(elements, context.issuer);
  if (country !== undefined) {
    const { name, alpha2, alpha3 } = COUNTRIES[country.code];
    set('country', { value: name, valid: country.valid });
    set('abbrCountry', { value: alpha2, valid: country.valid });
    set('abbr3Country', { value: alpha3, valid: country.valid });
  }
  const canadian = country?.code === 'CAN';
  const order = dateOrder(context.version, canadian);

  const id = present(elements.get('DAQ'))?.replace(/\s+/g, '');
  if (id !== undefined) set('id', { value: id, valid: /^[A-Z0-9*-]+$/i.test(id) });
  set('dob', readDate(elements.get('DBB'), order));
  set('issued', readDate(elements.get('DBD'), order));
  set('expires', readDate(elements.get('DBA'), order));

  const names = readNames(elements);
  const nameReading = (name: string | undefined): Reading => (name === undefined ? undefined : { value: name, valid: isValidName(name) });
  set('familyName', nameReading(names.family));
  set('firstName', nameReading(names.first));
  set('middleName', nameReading(names.middle));
  const given = [names.first, names.middle].filter((part) => part !== undefined);
  if (given.length > 0) set('privateName', nameReading(given.join(' ')));
  const full = [...given, names.family].filter((part) => part !== undefined);
  if (full.length > 0) set('fullName', nameReading(full.join(' ')));

  set('address', readStreet(elements.get('DAG'), elements.get('DAH')));
  set('city', readCity(elements.get('DAI')));
  set('state', readState(elements.get('DAJ'), context.issuer));
  set('zip', readZip(elements.get('DAK'), canadian));
  const vehicleClass = present(elements.get('DCA')) ?? present(elements.get('DAR'));
  if (vehicleClass !== undefined) set('class', { value: vehicleClass, valid: /^[A-Z0-9 -]{1,10}$/i.test(vehicleClass) });

  set('gender', readSex(elements.get('DBC')));
  set('height', readHeight(elements.get('DAU'), elements.get('DAV')));
  set('weight', readWeight(elements.get('DAW'), elements.get('DAX'), elements.get('DCE'), canadian));
  set('eyes', readEyes(elements.get('DAY')));
  set('hair', readHair(elements.get('DAZ')));
  return out;
}

/** The country from DCG, else the IIN, else the address jurisdiction; a DCG naming no known country, or not the IIN's, is invalid. */
function readCountry(elements: Elements, issuer: Jurisdiction | undefined): { code: CountryCode; valid: boolean } | undefined {
  const dcg = present(elements.get('DCG'));
  if (dcg !== undefined) {
    const code = countryFromCode(dcg);
    if (code !== undefined) return { code, valid: issuer === undefined || issuer.country === code };
    if (issuer !== undefined) return { code: issuer.country, valid: false };
    return undefined;
  }
  if (issuer !== undefined) return { code: issuer.country, valid: true };
  const byAddress = jurisdictionByCode(present(elements.get('DAJ')) ?? '');
  return byAddress === undefined ? undefined : { code: byAddress.country, valid: true };
}

function readState(raw: string | undefined, issuer: Jurisdiction | undefined): Reading {
  const code = present(raw)?.toUpperCase();
  if (code === undefined) return undefined;
  const known = jurisdictionByCode(code) !== undefined;
  return { value: code, valid: known && (issuer === undefined || issuer.code === code) };
}
