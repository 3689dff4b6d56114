/**
 * encodeAamva → parseAamva for every AAMVA version 1–10, US and Canadian jurisdictions, and
 * the names that trip parsers (hyphens, apostrophes, no middle name, a suffix), with and
 * without the payload's separators.
 */
import t from 'tap';
import type { DocumentFields } from '../../common/document.js';
import { parseAamva } from '../../pipeline/aamva/parse.js';
import { encodeAamva, iinForJurisdiction, jurisdictionByCode, type AamvaPerson } from '../fixtures/aamva-encode.js';

const PEOPLE: readonly { label: string; person: Omit<AamvaPerson, 'state' | 'zip'> }[] = [
  {
    label: 'hyphens and apostrophes',
    person: {
      familyName: "O'BRIEN-SMITH", firstName: 'MARY-KATE', middleName: "D'ARCY", dob: '1985-02-28', issued: '2021-03-15',
      expires: '2029-02-28', sex: 'F', heightIn: 64, weightLb: 130, eyes: 'GRN', hair: 'RED', street: '12 ELM ST APT 4',
      city: 'SPRINGFIELD', dln: 'T12345678', vehicleClass: 'D',
    },
  },
  {
    label: 'no middle name, metric, sex X',
    person: {
      familyName: 'NGUYEN', firstName: 'AN', dob: '2000-12-31', issued: '2020-01-02', expires: '2028-12-31', sex: 'X',
      heightCm: 170, weightKg: 65, eyes: 'BRO', hair: 'BLK', street: '400 KING ST W', city: 'TORONTO',
      dln: 'N4012-34567-01231', vehicleClass: 'G',
    },
  },
  {
    label: 'two middle names and a suffix',
    person: {
      familyName: 'DE LA CRUZ', firstName: 'JOSE', middleName: 'LUIS ANTONIO', suffix: 'JR', dob: '1960-07-04',
      issued: '2019-07-04', expires: '2027-07-04', sex: 'M', heightIn: 71, weightLb: 210, eyes: 'HAZ', hair: 'GRY',
      street: '1 MAIN ST', city: 'AUSTIN', dln: '12345678', vehicleClass: 'C', documentDiscriminator: '0123456789ABC',
    },
  },
];

const ADDRESSES: Record<string, string> = { VA: '22150', TX: '78701', ON: 'K1A 0B1', AB: 'T5J 2R7' };

function expectedFields(person: AamvaPerson, subfile: string, canadian: boolean): DocumentFields {
  const given = [person.firstName, person.middleName].filter((n) => n !== undefined).join(' ');
  const height = person.heightCm !== undefined && (canadian || person.heightIn === undefined)
    ? `${person.heightCm} cm` : `${person.heightIn} in`;
  const fields: DocumentFields = {
    idType: subfile, country: canadian ? 'Canada' : 'United States', abbrCountry: canadian ? 'CA' : 'US',
    abbr3Country: canadian ? 'CAN' : 'USA', id: person.dln, dob: person.dob, issued: person.issued, expires: person.expires,
    familyName: person.familyName, firstName: person.firstName, privateName: given, fullName: `${given} ${person.familyName}`,
    address: person.street, city: person.city, state: person.state, zip: person.zip, class: person.vehicleClass,
    gender: person.sex, height, eyes: person.eyes, hair: person.hair,
    weight: person.weightLb !== undefined ? `${person.weightLb} lb` : `${person.weightKg} kg`,
  };
  if (person.middleName !== undefined) fields.middleName = person.middleName;
  return fields;
}

for (const jurisdiction of ['VA', 'TX', 'ON', 'AB']) {
  const canadian = jurisdictionByCode(jurisdiction)?.country === 'CAN';
  t.test(`every version 1-10 round-trips for ${jurisdiction}`, async (t) => {
    const iin = iinForJurisdiction(jurisdiction) ?? '';
    for (let version = 1; version <= 10; version++) {
      for (const [i, { label, person: base }] of PEOPLE.entries()) {
        const person: AamvaPerson = { ...base, state: jurisdiction, zip: ADDRESSES[jurisdiction] ?? '' };
        const subfile = i % 2 === 0 ? 'DL' : 'ID';
        const payload = encodeAamva(person, { version, iin, jurisdiction, subfile });
        const result = parseAamva(payload);
        const what = `v${version} ${label}`;
        t.same(result.document, expectedFields(person, subfile, canadian), `${what}: fields`);
        t.same(result.integrity, { header: true, iin: true, version: true, offsets: true }, `${what}: integrity`);
        t.same({ version: result.version, iin: result.iin, jurisdiction: result.jurisdiction, subfiles: result.subfiles },
          { version, iin, jurisdiction, subfiles: [subfile, `Z${jurisdiction[0]}`] }, `${what}: header`);
        const failed = Object.entries(result.confidence).filter(([, c]) => c !== 100 && c !== -1);
        t.same(failed, [], `${what}: every present field passes`);
        t.equal(result.confidence.template, -1, `${what}: template not checked`);
        const unseparated = parseAamva(payload.replace(/[\n\r\x1e]/g, ''));
        t.same(unseparated.document, result.document, `${what}: the same fields once the separators are lost`);
      }
    }
  });
}

t.test('the encoder writes US dates MMDDCCYY and Canadian dates CCYYMMDD', async (t) => {
  const person: AamvaPerson = { ...(PEOPLE[0]?.person as AamvaPerson), state: 'VA', zip: '22150' };
  t.match(encodeAamva(person, { version: 10, iin: '636000', jurisdiction: 'VA', subfile: 'DL' }), /\nDBB02281985\n/);
  t.match(encodeAamva({ ...person, state: 'ON', zip: 'K1A 0B1' }, { version: 10, iin: '636012', jurisdiction: 'ON', subfile: 'DL' }), /\nDBB19850228\n/);
  t.match(encodeAamva(person, { version: 1, iin: '636000', jurisdiction: 'VA', subfile: 'DL' }), /^@\n\x1e\rAAMVA63600001/);
});

t.test('the encoder rejects a version outside 1-10 and a malformed IIN', async (t) => {
  const person: AamvaPerson = { ...(PEOPLE[0]?.person as AamvaPerson), state: 'VA', zip: '22150' };
  t.throws(() => encodeAamva(person, { version: 11, iin: '636000', jurisdiction: 'VA', subfile: 'DL' }), { message: 'options.version must be an integer 1..10, got 11' });
  t.throws(() => encodeAamva(person, { version: 10, iin: '6360', jurisdiction: 'VA', subfile: 'DL' }), { message: 'options.iin must be six digits, got 6360' });
});

t.test('a version 0 (pre-standard) header reads with the 2000 layout', async (t) => {
  const person: AamvaPerson = { ...(PEOPLE[2]?.person as AamvaPerson), state: 'VA', zip: '22150' };
  const v1 = encodeAamva(person, { version: 1, iin: '636000', jurisdiction: 'VA', subfile: 'DL' });
  const result = parseAamva(v1.replace('AAMVA63600001', 'ANSI 63600000'));
  t.equal(result.version, 0);
  t.same(result.document, parseAamva(v1).document);
  t.same(result.integrity, { header: true, iin: true, version: true, offsets: true });
});
