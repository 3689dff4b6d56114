/**
 * MRZ text sent as trackString (pipeline/mrz/parse-text.ts) and its comparison with the image's
 * MRZ (pipeline/mrz/compare-text.ts): every format, broken into lines or run together; check
 * digits verified by the reader's own checks; what is no MRZ refused with TrackStringParserError.
 */
import t from 'tap';
import { compareMrzText, uncomparedMrzText } from '../../pipeline/mrz/compare-text.js';
import { parseMrzText } from '../../pipeline/mrz/parse-text.js';
import type { MrzFormat } from '../../pipeline/mrz/layout.js';
import { encodeMrz, type MrzFields } from '../fixtures/mrz-encode.js';

const TODAY = new Date('2026-01-01T00:00:00Z');
const HOLDER: MrzFields = {
  documentCode: 'P', issuingState: 'UTO', familyName: 'Eriksson', givenNames: 'Anna Maria', documentNumber: 'L898902C3',
  nationality: 'UTO', birthDate: '1974-08-12', sex: 'F', expiryDate: '2032-04-15', optional1: 'ZE184226B',
};
const CODES: Record<MrzFormat, string> = { TD1: 'I', TD2: 'I', TD3: 'P', MRVA: 'V', MRVB: 'V' };

t.test('MRZ text of every format parses into the MRZ fields, lines broken or run together', async (t) => {
  for (const format of Object.keys(CODES) as MrzFormat[]) {
    const lines = encodeMrz({ ...HOLDER, documentCode: CODES[format] }, format);
    for (const [how, text] of [['LF', lines.join('\n')], ['CRLF and blanks', ` ${lines.join(' \r\n')}\n`], ['run together', lines.join('')]]) {
      const parsed = parseMrzText(text!, TODAY);
      t.equal(parsed.format, format, `${format}, ${how}`);
      t.same(parsed.lines, lines);
      t.same(parsed.reading.failed, [], 'every check digit holds');
      t.same([parsed.document.id, parsed.document.dob, parsed.document.expires, parsed.document.familyName, parsed.document.firstName],
        ['L898902C3', '1974-08-12', '2032-04-15', 'ERIKSSON', 'ANNA']);
      t.equal(parsed.confidence.id, 100, 'text is as sure as text can be');
    }
  }
});

t.test('a check digit that fails puts 0 on its field, as the image reader does', async (t) => {
  const [first, second] = encodeMrz(HOLDER, 'TD3');
  const altered = `${first}\n${second!.slice(0, 13)}740813${second!.slice(19)}`;
  const parsed = parseMrzText(altered, TODAY);
  t.same(parsed.reading.failed, ['birthDate', 'composite']);
  t.equal(parsed.confidence.dob, 0);
  t.equal(parsed.document.dob, '1974-08-13', 'the value stays as sent');
});

t.test('text that is no MRZ is TrackStringParserError, saying why', async (t) => {
  const lines = encodeMrz(HOLDER, 'TD3');
  const cases: Array<[string, string]> = [
    ['hello world', '1 line(s) of 10 characters, where an MRZ has 3 of 30, 2 of 36 or 2 of 44'],
    [lines[0]!, '1 line(s) of 44 characters, where an MRZ has 3 of 30, 2 of 36 or 2 of 44'],
    [`${lines[0]}\n${lines[1]!.slice(0, 40)}`, '2 line(s) of 44, 40 characters, where an MRZ has 3 of 30, 2 of 36 or 2 of 44'],
    [lines.join('\n').replace('740812', '74O812'), 'line 2 has "O" at character 16, where TD3 has a digit'],
    [lines.join('\n').toLowerCase(), 'line 1 has "p" at character 1, where TD3 has a letter'],
  ];
  for (const [text, why] of cases) {
    t.throws(() => parseMrzText(text, TODAY), { code: 'TrackStringParserError', message: `trackString cannot be parsed as MRZ text: ${why}.` }, why);
  }
});

t.test('the client\'s text against the image\'s MRZ: passed when the same, failed where a sure character differs', async (t) => {
  const genuine = parseMrzText(encodeMrz(HOLDER, 'TD3').join('\n'), TODAY);
  // A forger's text: another birth date with its check digits made to hold.
  const forged = parseMrzText(encodeMrz({ ...HOLDER, birthDate: '1979-08-12' }, 'TD3').join('\n'), TODAY);
  t.same(forged.reading.failed, [], 'the forged text passes its own check digits');
  t.same(compareMrzText(genuine, genuine), { name: 'mrzTextMatch', result: 'passed', reason: 'The MRZ text sent as trackString is the MRZ the image shows.' });
  const differs = compareMrzText(forged, genuine);
  t.equal(differs.result, 'failed');
  t.match(differs.reason, /^The MRZ text sent as trackString differs from the image's MRZ at line 2 character 15 \(the image reads 4, the trackString holds 9\)/);
  // The image read the differing characters doubtfully: its photo does not settle it.
  const doubtful = { ...genuine, reading: { ...genuine.reading, probs: genuine.reading.probs.map((line) => line.map(() => 0.3)) } };
  t.equal(compareMrzText(forged, doubtful).result, 'undetermined');
  const td1 = parseMrzText(encodeMrz({ ...HOLDER, documentCode: 'I' }, 'TD1').join('\n'), TODAY);
  t.same(compareMrzText(td1, genuine), { name: 'mrzTextMatch', result: 'failed', reason: 'The trackString holds a TD1 MRZ, the image shows a TD3 MRZ.' });
});

t.test('where the image\'s MRZ cannot be compared, the check says why and what stood in', async (t) => {
  t.same(uncomparedMrzText('none'), {
    name: 'mrzTextMatch', result: 'notChecked', reason: 'No MRZ was found on the image to compare with the trackString; the trackString\'s MRZ was used.',
  });
  t.same(uncomparedMrzText('unreadable'), {
    name: 'mrzTextMatch', result: 'undetermined', reason: 'The MRZ on the image could not be read to compare with the trackString; the trackString\'s MRZ was used.',
  });
});
