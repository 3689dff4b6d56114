import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parse } from 'mrz';
import { checkDigit } from '../../pipeline/mrz/check-digit.js';
import type { CorrectedReading } from '../../pipeline/mrz/correct-by-checks.js';
import { countryOf } from '../../pipeline/mrz/countries.js';
import { mrzDate } from '../../pipeline/mrz/dates.js';
import { mrzDocument } from '../../pipeline/mrz/fields.js';
import { LAYOUTS, checkHolds, resolveChecks, type MrzFormat } from '../../pipeline/mrz/layout.js';
import { encodeMrz, transliterate, type MrzFields } from '../fixtures/mrz-encode.js';

const DATA = fileURLToPath(new URL('../../../../shared/data/mrz/', import.meta.url));
const TODAY = new Date('2025-06-01T00:00:00Z');

/** A reading of `lines` as if every character had been read with probability `p`. */
function reading(lines: string[], format: MrzFormat, p = 0.999): CorrectedReading {
  const checks = resolveChecks(LAYOUTS[format], lines);
  return {
    lines,
    probs: lines.map((line) => Array<number>(line.length).fill(p)),
    corrections: [],
    checks,
    failed: checks.filter((c) => !checkHolds(c, lines)).map((c) => c.name),
  };
}

const UTOPIA: MrzFields = {
  documentCode: 'P', issuingState: 'UTO', familyName: 'Eriksson', givenNames: 'Anna Maria', documentNumber: 'L898902C3',
  nationality: 'UTO', birthDate: '1974-08-12', sex: 'F', expiryDate: '2012-04-15', optional1: 'ZE184226B',
};

t.test('check digits follow ICAO 9303 (7-3-1 weights, A=10, < = 0)', async (t) => {
  t.equal(checkDigit('L898902C3'), 6);
  t.equal(checkDigit('740812'), 2);
  t.equal(checkDigit('ZE184226B<<<<<'), 1);
  t.equal(checkDigit('<<<<'), 0);
});

t.test('the encoder writes the ICAO specimens of each format', async (t) => {
  t.same(encodeMrz(UTOPIA, 'TD3'), ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']);
  t.same(encodeMrz({ ...UTOPIA, documentCode: 'I', documentNumber: 'D23145890', optional1: '' }, 'TD2'),
    ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6']);
  t.same(encodeMrz({ ...UTOPIA, documentCode: 'I', documentNumber: 'D23145890', optional1: '' }, 'TD1'),
    ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<']);
});

t.test('names are transliterated as ICAO 9303 part 3 says', async (t) => {
  t.equal(transliterate('Müller-Lüdenscheidt'), 'MUELLER<LUEDENSCHEIDT');
  t.equal(transliterate('Þórunn Ægisdóttir'), 'THORUNN<AEGISDOTTIR');
  t.equal(transliterate("O'Brien"), 'OBRIEN');
  t.equal(transliterate('Strauß Øster Peña'), 'STRAUSS<OESTER<PENA');
  t.equal(transliterate('Åsa Ödegård'), 'AASA<OEDEGAARD');
});

t.test('a valid TD3 becomes the contract fields with high confidence', async (t) => {
  const mrz = mrzDocument(reading(encodeMrz(UTOPIA, 'TD3'), 'TD3'), 'TD3', TODAY);
  t.same(mrz.document, {
    idType: 'P', abbr3Country: 'UTO', country: 'Utopia', id: 'L898902C3', dob: '1974-08-12', expires: '2012-04-15',
    familyName: 'ERIKSSON', privateName: 'ANNA MARIA', firstName: 'ANNA', middleName: 'MARIA', fullName: 'ANNA MARIA ERIKSSON',
    gender: 'F',
  });
  t.equal(mrz.confidence.id, 100);
  t.equal(mrz.confidence.familyName, 100);
  t.same(mrz.optional, ['ZE184226B']);
});

t.test('a field whose check digit fails has confidence 0 and keeps what was read', async (t) => {
  const lines = encodeMrz(UTOPIA, 'TD3');
  lines[1] = `${lines[1]!.slice(0, 27)}3${lines[1]!.slice(28)}`;
  const mrz = mrzDocument(reading(lines, 'TD3'), 'TD3', TODAY);
  t.equal(mrz.confidence.expires, 0);
  t.equal(mrz.document.expires, '2012-04-15');
  t.ok(mrz.confidence.dob! > 90);
});

t.test('a failing composite digit puts 0 on the document number', async (t) => {
  const lines = encodeMrz(UTOPIA, 'TD3');
  lines[1] = `${lines[1]!.slice(0, 43)}5`;
  const mrz = mrzDocument(reading(lines, 'TD3'), 'TD3', TODAY);
  t.equal(mrz.confidence.id, 0);
  t.ok(mrz.confidence.dob! > 90);
});

t.test('OCR trust lowers the confidence of fields without a check digit more than of checked ones', async (t) => {
  const mrz = mrzDocument(reading(encodeMrz(UTOPIA, 'TD3'), 'TD3', 0.7), 'TD3', TODAY);
  t.equal(mrz.confidence.familyName, 70);
  t.equal(mrz.confidence.id, 97);
});

t.test('a character the check digit made us change caps its field at the certainty of that choice', async (t) => {
  const read = reading(encodeMrz(UTOPIA, 'TD3'), 'TD3');
  read.probs[1]![3] = 0.3;
  read.corrections = [{ line: 1, at: 3, from: 'O', to: '8', by: 'check' }];
  const mrz = mrzDocument(read, 'TD3', TODAY);
  t.equal(mrz.confidence.id, 30);
  t.equal(mrz.confidence.dob, 100);
});

t.test('a name\'s trust comes from its own characters: a doubtful later given name or filler leaves the others sure', async (t) => {
  const read = reading(encodeMrz(UTOPIA, 'TD3'), 'TD3');
  const field = read.lines[0]!.slice(5);
  read.probs[0]![5 + field.indexOf('MARIA') + 2] = 0.4;
  read.probs[0]![43] = 0.5;
  const mrz = mrzDocument(read, 'TD3', TODAY);
  t.equal(mrz.confidence.familyName, 100, 'ERIKSSON<< read surely');
  t.equal(mrz.confidence.firstName, 100, 'ANNA< read surely');
  t.equal(mrz.confidence.middleName, 40, 'the given names as a whole are as sure as their least sure character');
  read.probs[0]![5 + 3] = 0.6;
  t.equal(mrzDocument(read, 'TD3', TODAY).confidence.familyName, 60, 'a doubtful letter of the family name lowers it');
});

t.test('countries: alpha-3 to alpha-2 and name, ICAO codes kept', async (t) => {
  const german = mrzDocument(reading(encodeMrz({ ...UTOPIA, issuingState: 'D', nationality: 'D' }, 'TD3'), 'TD3'), 'TD3', TODAY);
  t.same([german.document.abbr3Country, german.document.abbrCountry, german.document.country], ['D', 'DE', 'Germany']);
  t.same(countryOf('FRA'), { alpha3: 'FRA', alpha2: 'FR', name: 'France' });
  t.equal(countryOf('UNO')?.alpha2, undefined);
  t.equal(countryOf('QQQ'), undefined);
});

t.test('unspecified sex becomes X, and names without given names have no first name', async (t) => {
  const mrz = mrzDocument(reading(encodeMrz({ ...UTOPIA, sex: '<', givenNames: '' }, 'TD1'), 'TD1'), 'TD1', TODAY);
  t.equal(mrz.document.gender, 'X');
  t.equal(mrz.document.firstName, undefined);
  t.equal(mrz.document.fullName, 'ERIKSSON');
});

t.test('a family name that fills the whole name field is not repeated as the given names', async (t) => {
  const lines = encodeMrz({ ...UTOPIA, familyName: 'Wolfeschlegelsteinhausenberger', givenNames: '' }, 'TD1');
  t.equal(lines[2], 'WOLFESCHLEGELSTEINHAUSENBERGER');
  const mrz = mrzDocument(reading(lines, 'TD1'), 'TD1', TODAY);
  t.equal(mrz.document.familyName, 'WOLFESCHLEGELSTEINHAUSENBERGER');
  t.equal(mrz.document.privateName, undefined);
  t.equal(mrz.document.fullName, 'WOLFESCHLEGELSTEINHAUSENBERGER');
});

t.test('the century of a date follows what the date is', async (t) => {
  t.equal(mrzDate('740812', 'birth', TODAY), '1974-08-12');
  t.equal(mrzDate('240101', 'birth', TODAY), '2024-01-01');
  t.equal(mrzDate('250602', 'birth', TODAY), '1925-06-02');
  t.equal(mrzDate('340528', 'expiry', TODAY), '2034-05-28');
  t.equal(mrzDate('450101', 'expiry', TODAY), '2045-01-01');
  t.equal(mrzDate('460101', 'expiry', TODAY), '1946-01-01');
  t.equal(mrzDate('741312', 'birth', TODAY), undefined);
  t.equal(mrzDate('0002<<', 'birth', TODAY), undefined);
});

t.test('the 33 text cases of cheminfo/mrz parse as that project expects', { skip: !existsSync(DATA) && `no test data at ${DATA}` }, async (t) => {
  const cases = JSON.parse(readFileSync(`${DATA}text_fixtures_cheminfo_mrz.json`, 'utf8')) as {
    test: string; mrz: string[]; expected_format: string | null; expected_valid: boolean | null;
    expected_fields: Record<string, string | null> | null;
  }[];
  t.equal(cases.length, 33);
  for (const c of cases) {
    if (c.expected_format === null) {
      // Autocorrect cases parse; the others are shapes no format has.
      if (c.test.startsWith('Use autocorrect')) t.ok(parse(c.mrz, { autocorrect: true }).format, c.test);
      else t.throws(() => parse(c.mrz), c.test);
      continue;
    }
    const result = parse(c.mrz);
    t.equal(result.format, c.expected_format, c.test);
    t.equal(result.valid, c.expected_valid, c.test);
    for (const [field, value] of Object.entries(c.expected_fields ?? {})) {
      if (field in result.fields) t.equal(result.fields[field as keyof typeof result.fields], value, `${c.test}: ${field}`);
    }
    const format = c.expected_format as MrzFormat;
    if (!(format in LAYOUTS)) continue;
    // Our checks agree with the package's on every ICAO case (it also rejects unknown states: UTO).
    const ours = reading(c.mrz, format);
    const theirs = result.details.filter((d) => d.field?.endsWith('CheckDigit') && !d.valid).length;
    t.equal(ours.failed.length > 0, theirs > 0, `${c.test}: check digits`);
    const fields = mrzDocument(ours, format, TODAY);
    if (ours.failed.length === 0) t.ok(Object.values(fields.confidence).every((v) => v > 0), `${c.test}: all trusted`);
    else t.ok(Object.values(fields.confidence).includes(0), `${c.test}: a field at 0`);
  }
});
