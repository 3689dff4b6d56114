/**
 * Malformed input: truncated headers, wrong offsets, lost or doubled separators, bad dates and
 * formats, non-ASCII, empty strings and random bytes. Each gives the right confidence or a
 * TrackStringParserError, and nothing else is ever thrown.
 */
import t from 'tap';
import { CodedError, ERROR_CODES } from '../../common/errors.js';
import { parseAamva, type AamvaResult } from '../../pipeline/aamva/parse.js';
import { encodeAamva, type AamvaPerson } from '../fixtures/aamva-encode.js';

const PERSON: AamvaPerson = {
  familyName: 'PUBLIC', firstName: 'JOHN', middleName: 'QUINCY', dob: '1970-05-17', issued: '2020-05-01',
  expires: '2028-05-17', sex: 'M', heightIn: 70, weightLb: 180, eyes: 'BLU', hair: 'BRO', street: '100 MAIN ST',
  city: 'RICHMOND', state: 'VA', zip: '23219', dln: 'A12345678', vehicleClass: 'D',
};
const PAYLOAD = encodeAamva(PERSON, { version: 10, iin: '636000', jurisdiction: 'VA', subfile: 'DL' });
const CLEAN = parseAamva(PAYLOAD);

/** The outcome of a parse: its result, or the code of the CodedError; any other throw fails the test. */
function outcome(text: string): AamvaResult | string {
  try {
    return parseAamva(text);
  } catch (error) {
    if (error instanceof CodedError) return error.code;
    throw error;
  }
}

const replaceElement = (id: string, value: string): string => PAYLOAD.replace(new RegExp(`\\n${id}[^\\n\\r]*`), `\n${id}${value}`);
const zeros = (result: AamvaResult): string[] => Object.entries(result.confidence).filter(([, c]) => c === 0).map(([f]) => f);

t.test('text that is not AAMVA throws TrackStringParserError with the contract message', async (t) => {
  for (const text of ['', ' ', 'hello world', '{"name":"x"}', 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', '@\n\x1e\rANSI 6360']) {
    try {
      parseAamva(text);
      t.fail(`${JSON.stringify(text)} should not parse`);
    } catch (error) {
      t.ok(error instanceof CodedError, 'a coded error');
      t.equal((error as CodedError).code, 'TrackStringParserError');
      t.equal((error as CodedError).message, ERROR_CODES.TrackStringParserError.message);
    }
  }
  t.equal(outcome(undefined as unknown as string), 'TrackStringParserError', 'not even a string');
});

t.test('a header without any elements throws TrackStringParserError', async (t) => {
  t.equal(outcome('@\n\x1e\rANSI 636000100001DL00310000'), 'TrackStringParserError');
});

t.test('every truncation of a payload parses or throws TrackStringParserError', async (t) => {
  for (let length = 0; length <= PAYLOAD.length; length++) {
    const result = outcome(PAYLOAD.slice(0, length));
    if (typeof result === 'string') t.equal(result, 'TrackStringParserError', `cut at ${length}`);
  }
  const half = outcome(PAYLOAD.slice(0, Math.floor(PAYLOAD.length / 2)));
  t.type(half, 'object', 'half a payload still reads');
  if (typeof half === 'object') {
    t.equal(half.document.id, 'A12345678');
    t.equal(half.confidence.zip, -1, 'the lost fields are not checked');
    t.notOk(half.integrity.offsets, 'the directory no longer fits');
  }
});

t.test('random bytes never throw anything but TrackStringParserError', async (t) => {
  let seed = 20240611;
  const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < 300; i++) {
    const length = next() % 400;
    const chars = Array.from({ length }, () => String.fromCharCode(next() % (i % 3 === 0 ? 0x10000 : 256)));
    // Every third sample keeps an AAMVA prefix so the element readers see garbage too.
    const text = (i % 3 === 1 ? PAYLOAD.slice(0, next() % PAYLOAD.length) : '') + chars.join('');
    const result = outcome(text);
    if (typeof result === 'string') t.equal(result, 'TrackStringParserError');
  }
  t.pass('300 random inputs');
});

t.test('wrong offsets are reported but the fields still read', async (t) => {
  const shifted = PAYLOAD.replace(/DL(\d{4})(\d{4})ZV(\d{4})/, 'DL9999$2ZV0001');
  const result = parseAamva(shifted);
  t.same(result.document, CLEAN.document);
  t.notOk(result.integrity.offsets);
  t.same(zeros(result), [], 'a wrong directory is no evidence of forgery');
});

t.test('lost separators, CR LF pairs, leading whitespace and a mangled header read the same', async (t) => {
  const variants: Record<string, string> = {
    'no separators': PAYLOAD.replace(/[\n\r\x1e]/g, ''),
    'CR LF': PAYLOAD.replace(/\n/g, '\r\n'),
    'leading whitespace and BOM': `\uFEFF  \n${PAYLOAD}`,
    'keyboard wedge header': PAYLOAD.replace('@\n\x1e\r', '@\n6'),
    'browser C1 characters': PAYLOAD.replace(/\n/g, '\u0090\n\u0090'),
  };
  for (const [name, text] of Object.entries(variants)) {
    const result = parseAamva(text);
    t.same(result.document, CLEAN.document, `${name}: fields`);
    t.same(zeros(result), [], `${name}: nothing fails`);
  }
});

t.test('bad dates get 0 on the date and leave the rest alone', async (t) => {
  const cases: [string, string, string[]][] = [
    ['DBB', '13452020', ['dob']],
    ['DBB', '02301990', ['dob']],
    ['DBB', '0517', ['dob']],
    ['DBB', '05172999', ['dob']],
    ['DBD', '05172030', ['issued', 'expires']],
    ['DBA', '05172010', ['issued', 'expires']],
  ];
  for (const [id, value, failed] of cases) {
    const result = parseAamva(replaceElement(id, value));
    t.same(zeros(result), failed, `${id}${value}`);
  }
  t.equal(parseAamva(replaceElement('DBB', '13452020')).document.dob, '13452020', 'an unreadable date keeps its text');
});

t.test('bad field formats get 0 on that field', async (t) => {
  const cases: [string, string, string][] = [
    ['DBC', '5', 'gender'], ['DAU', 'TALL', 'height'], ['DAU', '011 in', 'height'], ['DAY', 'PUR', 'eyes'],
    ['DAZ', 'XYZ', 'hair'], ['DAW', '9999', 'weight'], ['DAK', 'ABCDE', 'zip'], ['DAJ', 'TX', 'state'],
    ['DCG', 'CAN', 'country'], ['DCS', 'PUBL1C', 'familyName'],
  ];
  for (const [id, value, field] of cases) {
    const result = parseAamva(replaceElement(id, value));
    t.equal(result.confidence[field as keyof typeof result.confidence], 0, `${id}${value} fails ${field}`);
  }
  // DAQ opens the subfile, right after its type.
  t.equal(parseAamva(PAYLOAD.replace('DLDAQA12345678', 'DLDAQA1#2')).confidence.id, 0, 'DAQA1#2 fails id');
});

t.test('a failed document-level marker puts 0 on idType and id', async (t) => {
  const cases: Record<string, string> = {
    'unknown IIN': PAYLOAD.replace('ANSI 636000', 'ANSI 999999'),
    'version 11': PAYLOAD.replace('ANSI 63600010', 'ANSI 63600011'),
    'non-standard file type': PAYLOAD.replace('ANSI ', 'AMVA '),
    'no compliance indicator': PAYLOAD.replace('@', ''),
    'no header at all': PAYLOAD.slice(PAYLOAD.indexOf('DAQ')),
  };
  for (const [name, text] of Object.entries(cases)) {
    const result = parseAamva(text);
    t.same(zeros(result), ['idType', 'id'], name);
    t.equal(result.document.familyName, 'PUBLIC', `${name}: fields still read`);
  }
});

t.test('non-ASCII text neither throws nor corrupts its neighbours', async (t) => {
  const result = parseAamva(replaceElement('DCS', 'MÜLLER-ÅSTRÖM'));
  t.equal(result.document.familyName, 'MÜLLER-ÅSTRÖM');
  t.equal(result.confidence.familyName, 100, 'letters of any script are letters');
  t.same(parseAamva(replaceElement('DAI', '\ud800東京 🚗')).document.dob, CLEAN.document.dob);
  t.equal(parseAamva(replaceElement('DCS', '😀')).confidence.familyName, 0);
});
