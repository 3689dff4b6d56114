import t from 'tap';
import { VerdictStatus } from '../../common/document.js';
import type { FieldSet } from '../../pipeline/job.js';
import { decide } from '../../pipeline/verdict/decide.js';
import { similarity } from '../../pipeline/verdict/similarity.js';

const TODAY = new Date('2026-01-01');

function fields(document: FieldSet['document']): FieldSet {
  return { document, confidence: Object.fromEntries(Object.keys(document).map((k) => [k, 95])) };
}

const MACHINE = fields({ id: 'D1234567', dob: '1944-04-26', expires: '2031-08-13', familyName: 'CASTAÑEDA' });

t.test('dates compare by their digits, not their separators', async (t) => {
  t.equal(similarity('1944-04-26', '1944-04-26'), 100);
  t.equal(similarity('1985-08-12', '1985-08-13'), 90, 'one digit of the day misread');
  t.equal(similarity('1985-08-12', '1965-08-12'), 85, 'one digit of the year misread');
  t.ok(similarity('1944-04-26', '1969-08-13') < 50, 'a birth date changed outright');
  t.ok(similarity('1961-02-12', '1976-11-21') < 50, 'digits compare in place: no realignment makes two dates half alike');
  t.ok(similarity('1963-01-17', '1948-07-07') < 50, 'a changed date sharing half its digits by chance (seed 5151 specimen 56)');
  t.ok(similarity('1963-01-17', '1948-01-17') < 50, 'the year changed in two digits, month and day kept');
  t.equal(similarity('1984-12-09', '1984-09-12'), 60, 'day and month swapped: a format confused, above the line');
  t.equal(similarity('1981-01-02', '1961-07-17'), 0, 'a digit changed in each part: another date, not misreads (seed 6161 specimen 101)');
  t.equal(similarity('1961-07-17', '1961-03-25'), 0, 'month and day changed, the year kept');
  t.equal(similarity('1985-08-12', '1965-08-13'), 75, 'two digits misread in two parts: still above the line');
  t.equal(similarity('CASTAÑEDA', 'castaneda'), 100, 'names: case and accents normalised');
});

t.test('letters of their own compare as the MRZ transliterates them', async (t) => {
  t.equal(similarity('ØRN', 'OERN'), 100, 'Ø is OE (dropped, a short name would fall to half)');
  t.equal(similarity('ÞÓRÐARSON', 'THORDARSON'), 100);
  t.equal(similarity('ŁUKASIEWICZ', 'LUKASIEWICZ'), 100);
  t.equal(similarity('ÆRØ', 'AEROE'), 100);
  t.ok(similarity('SØNDERGAARD', 'SONDERGAARD') >= 90, 'an MRZ that wrote Ø as O still agrees');
});

t.test('a birth date printed otherwise than the machine-readable part holds is forgery', async (t) => {
  const visual = fields({ id: 'D1234567', dob: '1969-08-13', expires: '2031-08-13', familyName: 'CASTANEDA' });
  const verdict = decide(MACHINE, visual, TODAY);
  t.equal(verdict.status, VerdictStatus.ItsFake);
  t.ok(verdict.verificationConfidence.dob! < 50);
});

t.test('one digit misread by the OCR is no forgery', async (t) => {
  const visual = fields({ id: 'D1234567', dob: '1944-04-28', expires: '2031-08-13', familyName: 'CASTANEDA' });
  const verdict = decide(MACHINE, visual, TODAY);
  t.equal(verdict.status, VerdictStatus.OK);
  t.equal(verdict.verificationConfidence.dob, 90);
});

t.test('a field absent from the front is no disagreement', async (t) => {
  t.equal(decide(MACHINE, fields({ familyName: 'CASTANEDA' }), TODAY).status, VerdictStatus.OK);
});
