import sharp from 'sharp';
import t from 'tap';
import { findValue, findValues, matchForm, repaint } from '../../bench/forgery/image-edit.js';
import { alterLicence, licencePayload, realLicence } from '../../bench/forgery/real-licences.js';
import { pageEdit, pageSkipReason, reprintDate } from '../../bench/forgery/real-pages.js';
import type { RealDoc } from '../../bench/real-docs.js';
import { ALTERATION_KINDS } from '../fixtures/specimens/alterations.js';

const licence: RealDoc & { card: string } = {
  path: 'sample-us-oh-dl.jpg', kind: 'dl_front', card: 'OH (USA) driver licence, state sample card', mrz: null, dates_iso: {} as Record<string, string>,
  fields: { document_number: 'AB 123-456', family_name: 'DOE', given_names: 'JANE Q, JR', date_of_birth: '09-16-1990', expiry_date: '01/21/2031', issue_date: null, sex: null },
};

const passport: RealDoc = {
  path: 'sample-passport.png', kind: 'passport_page', dates_iso: {} as Record<string, string>,
  mrz: ['P<UTOSPECIMEN<<ANNA<MARIA'.padEnd(44, '<'), `X123456780UTO7408122F3104159${'<'.repeat(14)}02`],
  fields: { document_number: 'X12345678', family_name: 'SPECIMEN', given_names: 'ANNA MARIA', date_of_birth: '12 AUG/AOUT 74', expiry_date: '15.04.2031', sex: 'F' },
};

t.test('a real licence gets a payload of its transcribed fields, and none of its own making', async (t) => {
  const built = realLicence(licence);
  t.ok(built);
  if (built === null) return;
  t.equal(built.jurisdiction.code, 'OH');
  t.match(built.person, { dln: 'AB123456', familyName: 'DOE', firstName: 'JANE', middleName: 'Q', suffix: 'JR', dob: '1990-09-16', expires: '2031-01-21' });
  t.same(built.filled, ['issued', 'gender'], 'the transcription lacks the issue date and the sex');
  const payload = licencePayload(built);
  t.match(payload, /DAQAB123456\n/);
  t.notMatch(payload, /DBC|DBD/, 'the payload leaves out what the transcription lacks');
  t.match(licencePayload({ ...built, filled: [] }), /DBC9\n/, 'and holds it where the transcription has it');
  for (const kind of ALTERATION_KINDS) {
    const altered = alterLicence(built, kind);
    if (altered === null) continue;
    const { field, genuine, altered: value } = altered.alteration;
    t.not(value, genuine, `${kind} changes ${field}`);
    const changed = Object.keys(built.person).filter((key) => built.person[key as keyof typeof built.person] !== altered.person[key as keyof typeof altered.person]);
    t.equal(changed.length, 1, `${kind} changes one payload field: ${changed.join(', ')}`);
  }
  t.equal(realLicence({ ...licence, card: 'FR permis de conduire', path: 'sample-fra-dl.jpg' }), null, 'not a US card');
});

t.test('a printed date changes in its day or year figures only', async (t) => {
  t.equal(reprintDate('12 AUG/AOUT 74', '1974-08-12', '1974-08-13'), '13 AUG/AOUT 74');
  t.equal(reprintDate('12 AUG/AOUT 74', '1974-08-12', '1975-08-12'), '12 AUG/AOUT 75');
  t.equal(reprintDate('01 01 1980', '1980-01-01', '1980-01-02'), '02 01 1980', 'day first where day and month read alike');
  t.equal(reprintDate('15.04.2031', '2031-04-15', '2035-04-15'), '15.04.2035');
  t.equal(reprintDate('APRIL', '2031-04-15', '2035-04-15'), null, 'no figures to change');
});

t.test('a page edit replaces the printed value by kind, the MRZ read for the dates', async (t) => {
  t.equal(pageSkipReason(passport), null);
  t.match(pageSkipReason({ ...passport, mrz: ['D1FRA13AA000026181231MARTIN<<9'] }), /no ICAO MRZ/);
  t.match(pageEdit(passport, 'dob-day')?.alteration, { field: 'dob', genuine: '12 AUG/AOUT 74', altered: /^1[13] AUG\/AOUT 74$/ });
  t.match(pageEdit(passport, 'expiry-4y')?.alteration, { field: 'expires', altered: '15.04.2035' });
  t.match(pageEdit(passport, 'given-other')?.alteration, { field: 'firstName', genuine: 'ANNA MARIA', altered: /^[A-ZÀ-Ž-]+ MARIA$/ });
  t.equal(pageEdit(passport, 'number-swap')?.alteration.altered.length, 9);
});

t.test('the value is found on its line, not in the MRZ, look-alikes read alike', async (t) => {
  t.same(matchForm('Ñó-1 O').form, 'N010', 'accents and separators go, O reads as 0');
  const lines = [
    { text: 'P<UTOSPECIMEN<<ANNA', box: [0, 0, 1, 0, 1, 1, 0, 1] },
    { text: 'Surname SPECIMEN', box: [0, 10, 100, 10, 100, 20, 0, 20] },
    { text: 'SPEC1MEN', box: [0, 30, 50, 30, 50, 40, 0, 40] },
  ];
  t.match(findValue(lines, 'SPECIMEN'), { line: { text: 'SPEC1MEN' }, start: 0, end: 8 }, 'the tightest line, an OCR slip forgiven');
  t.match(findValue(lines.slice(0, 2), 'SPECIMEN'), { line: { text: 'Surname SPECIMEN' }, start: 8, end: 16 });
  t.equal(findValue(lines.slice(0, 1), 'ANNA'), null);
  const twice = [...lines, { text: 'SPECIMEN', box: [0, 70, 50, 70, 50, 80, 0, 80] }, { text: 'Anna Maria Specimen', box: [0, 50, 90, 50, 90, 60, 0, 60] }];
  t.same(findValues(twice, 'SPECIMEN').map((f) => f.line.text), ['SPEC1MEN', 'SPECIMEN'],
    'every print of the value alone is edited; a caption line holding it, or a signature with the whole name, is not');
});

t.test('a repaint on a tilted line leaves the line above it as it was', async (t) => {
  // Two lines turned by 6 degrees, as on a photographed page: the value's upright box would reach into the caption above.
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160"><rect width="400" height="160" fill="#f0ead8"/>'
    + '<g transform="rotate(6 20 80)"><text x="20" y="52" font-family="DejaVu Sans" font-size="16" fill="#202020">Surname</text>'
    + '<text x="20" y="90" font-family="DejaVu Sans" font-size="30" fill="#202020">SMITH JONES</text></g></svg>';
  const image = await sharp(Buffer.from(svg)).png().toBuffer();
  const turn = (x: number, y: number): number[] => {
    const a = (6 * Math.PI) / 180;
    return [20 + (x - 20) * Math.cos(a) - (y - 80) * Math.sin(a), 80 + (x - 20) * Math.sin(a) + (y - 80) * Math.cos(a)];
  };
  const line = { text: 'SMITH JONES', box: [...turn(15, 62), ...turn(240, 62), ...turn(240, 98), ...turn(15, 98)] };
  const edit = await repaint(image, line, 6, 11, 'JONES', 'JONAS');
  t.ok(edit);
  if (edit === null) return;
  const raw = async (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();
  const [before, after] = [await raw(image), await raw(edit.image)];
  let caption = 0;
  let value = 0;
  for (let y = 0; y < 160; y++) {
    for (let x = 0; x < 400; x++) {
      if (Math.abs(before[(y * 400 + x) * 3]! - after[(y * 400 + x) * 3]!) <= 30) continue;
      // Which line a changed pixel lies on: its height across the lines, in their own frame.
      const across = -(x - 20) * Math.sin((6 * Math.PI) / 180) + (y - 80) * Math.cos((6 * Math.PI) / 180) + 80;
      if (across < 58) caption++; else value++;
    }
  }
  t.equal(caption, 0, 'no pixel of the caption line changed');
  t.ok(value > 50, 'the value is repainted');
});

t.test('a repaint changes the value\'s box and nothing far from it', async (t) => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="400" height="100" fill="#f0ead8"/>'
    + '<text x="20" y="60" font-family="DejaVu Sans" font-size="30" fill="#202020">Name SMITH</text></svg>';
  const image = await sharp(Buffer.from(svg)).png().toBuffer();
  const line = { text: 'Name SMITH', box: [15, 30, 220, 30, 220, 68, 15, 68] };
  const edit = await repaint(image, line, 5, 10, 'SMITH', 'SMYTH');
  t.ok(edit);
  if (edit === null) return;
  const [x] = edit.box;
  t.ok(x > 90, `the box starts after the caption's word gap (x ${x})`);
  const raw = async (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();
  const [before, after] = [await raw(image), await raw(edit.image)];
  const changedAt = (x0: number, x1: number): number => {
    let n = 0;
    for (let y = 0; y < 100; y++) for (let x = x0; x < x1; x++) if (Math.abs(before[(y * 400 + x) * 3]! - after[(y * 400 + x) * 3]!) > 30) n++;
    return n;
  };
  t.equal(changedAt(0, 85), 0, 'the caption is untouched');
  t.ok(changedAt(90, 240) > 50, 'the value is repainted');
});

t.test('a page whose front prints a key field otherwise than its own MRZ is no genuine pair', async (t) => {
  const misspelt = { ...passport, fields: { ...passport.fields, family_name: 'SPECCIMEN' } };
  t.match(pageSkipReason(misspelt), /family name otherwise than its MRZ/);
  const laterExpiry = { ...passport, dates_iso: { expiry_date: '2036-04-15' } };
  t.match(pageSkipReason(laterExpiry), /expiry date otherwise/);
  t.equal(pageSkipReason({ ...passport, dates_iso: { expiry_date: '2031-04-15', date_of_birth: '1974-08-12' } }), null);
  t.equal(pageSkipReason({ ...passport, fields: { ...passport.fields, family_name: 'Spécimen' } }), null, 'marks and case are no difference');
});
