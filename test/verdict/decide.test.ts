import t from 'tap';
import { VerdictStatus, type DocumentField } from '../../common/document.js';
import type { Reading } from '../../pipeline/front/labels.js';
import type { FrontLine } from '../../pipeline/front/layout.js';
import type { FieldSet } from '../../pipeline/job.js';
import { charsetOf } from '../../pipeline/ocr/charset.js';
import type { LineProbabilities } from '../../pipeline/ocr/recognizer.js';
import { FIELD_CHECK } from '../../pipeline/verdict/calibration.js';
import { decide } from '../../pipeline/verdict/decide.js';
import { similarity } from '../../pipeline/verdict/similarity.js';

const TODAY = new Date('2026-01-01');
const CLASSES = ['', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -/.'];

function fields(document: FieldSet['document'], score = 95): FieldSet {
  return { document, confidence: Object.fromEntries(Object.keys(document).map((k) => [k, score])) };
}

/**
 * Recogniser frames that print `text`: two frames a character (the character, then a blank), the
 * character at `sure`; at the places of `doubt` the frame is split between the character and the
 * other one given.
 */
function frames(text: string, sure = 0.99999, doubt: Record<number, string> = {}): LineProbabilities {
  const rows: number[][] = [];
  const row = (weights: Record<number, number>): number[] => {
    const left = 1 - Object.values(weights).reduce((a, b) => a + b, 0);
    return CLASSES.map((_, k) => (weights[k] ?? 0) + left / CLASSES.length);
  };
  [...text].forEach((c, i) => {
    const k = CLASSES.indexOf(c);
    const other = doubt[i] === undefined ? undefined : CLASSES.indexOf(doubt[i]!);
    rows.push(row(other === undefined ? { [k]: sure } : { [k]: 0.5, [other]: 0.45 }));
    rows.push(row({ 0: sure }));
  });
  return { steps: rows.length, classes: CLASSES.length, charset: charsetOf(CLASSES), probs: Float32Array.from(rows.flat()) };
}

/** A front line holding `text` with its frames, and the reading of `value` at [start, end). */
function readingOn(text: string, start: number, end: number, value: string, line = frames(text)): Reading {
  const front: FrontLine = {
    index: 0, text, chars: [...text].map(() => 0.98), confidence: 0.98, knownName: false,
    left: 0, right: 100, top: 0, bottom: 10, height: 10, cy: 5, textHeight: 8, parts: [{ frames: line, text, offset: 0 }],
  };
  return { value, start, end, line: front, confidence: 98 };
}

const MACHINE = fields({ id: 'D1234567', dob: '1944-04-26', expires: '2031-08-13', familyName: 'CASTAÑEDA', firstName: 'ANA' }, 100);

function verdictOf(visual: FieldSet['document'], readings: [DocumentField, Reading][] = [], machine = MACHINE) {
  return decide({ machine, visual: fields(visual), readings: new Map(readings), kind: 'barcode' }, TODAY);
}

t.test('a front that shows every key value passes every check, in decisions.md\'s order', async (t) => {
  const verdict = verdictOf({ id: 'D123-4567', dob: '1944-04-26', expires: '2031-08-13', familyName: 'CASTANEDA', firstName: 'ANA' });
  t.equal(verdict.status, VerdictStatus.OK);
  t.same(verdict.checks.map((c) => [c.name, c.result]), [
    ['barcodeIntegrity', 'passed'], ['documentNumberMatch', 'passed'], ['dateOfBirthMatch', 'passed'], ['expiryDateMatch', 'passed'],
    ['familyNameMatch', 'passed'], ['firstNameMatch', 'passed'], ['notExpired', 'passed'],
  ]);
  t.equal(verdict.totalConfidence, 100);
  t.ok(Number.isInteger(verdict.totalConfidence));
});

t.test('one character printed otherwise, which the frames show surely, fails its check: ItsFake', async (t) => {
  const line = 'DOB 04/27/1944';
  const verdict = verdictOf({ id: 'D1234567', dob: '1944-04-27', expires: '2031-08-13', familyName: 'CASTANEDA', firstName: 'ANA' },
    [['dob', readingOn(line, 4, 14, '1944-04-27')]]);
  t.equal(verdict.status, VerdictStatus.ItsFake);
  const dob = verdict.checks.find((c) => c.name === 'dateOfBirthMatch')!;
  t.equal(dob.result, 'failed');
  t.ok(dob.margin! >= FIELD_CHECK.failAt, `margin ${dob.margin}`);
  t.equal(dob.reason, 'The front shows 1944-04-27, the barcode holds 1944-04-26.');
  t.ok(verdict.verificationConfidence.dob! <= 50);
});

t.test('a look-alike the frames do not tell apart is no forgery: passed or undetermined, as the calibration sets passAt', async (t) => {
  const line = 'DLN DI234567';
  const verdict = verdictOf({ id: 'DI234567', dob: '1944-04-26', expires: '2031-08-13', familyName: 'CASTANEDA', firstName: 'ANA' },
    [['id', readingOn(line, 4, 12, 'DI234567', frames(line, 0.98, { 5: '1' }))]]);
  const id = verdict.checks.find((c) => c.name === 'documentNumberMatch')!;
  t.ok(id.margin! < 1, `margin ${id.margin}: the frames hold both glyphs`);
  t.equal(id.result, id.margin! <= FIELD_CHECK.passAt ? 'passed' : 'undetermined', id.reason);
  t.equal(verdict.status, id.result === 'passed' ? VerdictStatus.OK : VerdictStatus.LowConfidence);
});

t.test('a look-alike the frames read surely is a difference: the front decides, not the barcode', async (t) => {
  const line = 'DLN DI234567';
  const verdict = verdictOf({ id: 'DI234567', dob: '1944-04-26', expires: '2031-08-13', familyName: 'CASTANEDA', firstName: 'ANA' },
    [['id', readingOn(line, 4, 12, 'DI234567')]]);
  t.equal(verdict.checks.find((c) => c.name === 'documentNumberMatch')!.result, 'failed');
  t.equal(verdict.status, VerdictStatus.ItsFake);
});

t.test('a look-alike glyph settled alone decides where the line could not: a difference, or none', async (t) => {
  const line = 'DLN DI234567';
  // The line's recogniser read 1 at place 5; read alone, the glyph is an I, unlike the document's own 1s.
  const settled = { ...readingOn(line, 4, 12, 'DI234567', frames('DLN D1234567')), glyphs: [{ at: 5, read: '1', printed: 'I', contrast: 7.5 }] };
  const forged = verdictOf({ id: 'DI234567', dob: '1944-04-26', expires: '2031-08-13', familyName: 'CASTANEDA', firstName: 'ANA' }, [['id', settled]]);
  const id = forged.checks.find((c) => c.name === 'documentNumberMatch')!;
  t.same([id.result, id.margin], ['failed', 7.5]);
  t.match(id.reason, /prints I where the barcode holds 1/);
  t.equal(forged.status, VerdictStatus.ItsFake);
  const genuine = verdictOf({ id: 'DI234567', dob: '1944-04-26', expires: '2031-08-13', familyName: 'CASTANEDA', firstName: 'ANA' }, [['id', settled]],
    fields({ ...MACHINE.document, id: 'DI234567' }, 100));
  t.equal(genuine.checks.find((c) => c.name === 'documentNumberMatch')!.result, 'passed', 'the barcode holds the I the glyph shows');
  const more = verdictOf({ id: 'DI234567', dob: '1944-04-26', expires: '2031-08-13', familyName: 'CASTANEDA', firstName: 'ANA' }, [['id', settled]],
    fields({ ...MACHINE.document, id: 'D1234568' }, 100));
  t.not(more.checks.find((c) => c.name === 'documentNumberMatch')!.reason, id.reason, 'another difference is weighed on the line, not by the glyph');
});

t.test('a difference whose pixels cannot be weighed, or a key field not read, leaves the verdict LowConfidence', async (t) => {
  const unweighed = verdictOf({ id: 'D1234568', dob: '1944-04-26', expires: '2031-08-13', familyName: 'CASTANEDA', firstName: 'ANA' });
  t.equal(unweighed.checks.find((c) => c.name === 'documentNumberMatch')!.result, 'undetermined');
  t.equal(unweighed.status, VerdictStatus.LowConfidence);
  const unread = verdictOf({ id: 'D1234567', dob: '1944-04-26', familyName: 'CASTANEDA', firstName: 'ANA' });
  const expiry = unread.checks.find((c) => c.name === 'expiryDateMatch')!;
  t.same([expiry.result, expiry.reason], ['undetermined', 'The expiry date was not read on the front.']);
  t.equal(unread.status, VerdictStatus.LowConfidence, 'the mean of the other fields does not outweigh it');
});

t.test('names compare as an MRZ spells them; a mark lost in the capture is no difference', async (t) => {
  const machine = fields({ id: 'X1', dob: '1944-04-26', expires: '2031-08-13', familyName: 'SOENDERGAARD', firstName: 'MARY' }, 100);
  const visual = { id: 'X1', dob: '1944-04-26', expires: '2031-08-13', familyName: 'SONDERGÅRD', firstName: 'MARY-KATE' };
  const verdict = decide({ machine, visual: fields(visual), kind: 'mrz' }, TODAY);
  t.same(verdict.checks.filter((c) => c.field === 'familyName' || c.field === 'firstName').map((c) => c.result), ['passed', 'passed']);
  t.equal(verdict.checks[0]!.name, 'mrzCheckDigits');
  t.equal(verdict.status, VerdictStatus.OK);
  const comma = decide({ machine, visual: fields({ ...visual, firstName: 'MARY,KATE' }), kind: 'barcode' }, TODAY);
  t.equal(comma.checks.find((c) => c.name === 'firstNameMatch')!.result, 'passed', 'given names parted by a comma');
});

t.test('a name differing from a doubtfully read MRZ name cannot prove the front wrong', async (t) => {
  const machine: FieldSet = { document: { familyName: 'ORRIEN' }, confidence: { familyName: 59 } };
  const line = 'O\'BRIEN';
  const verdict = decide({ machine, visual: fields({ familyName: 'O\'BRIEN' }), readings: new Map([['familyName', readingOn(line, 0, 7, 'O\'BRIEN', frames('OBRIEN'))]]), kind: 'mrz' }, TODAY);
  t.not(verdict.checks.find((c) => c.name === 'familyNameMatch')!.result, 'failed');
});

t.test('an integrity marker at 0 fails the machine-readable check: ItsFake; an expired document: Expired', async (t) => {
  const broken: FieldSet = { document: MACHINE.document, confidence: { ...MACHINE.confidence, expires: 0 } };
  const same = { id: 'D1234567', dob: '1944-04-26', expires: '2031-08-13', familyName: 'CASTANEDA', firstName: 'ANA' };
  const verdict = decide({ machine: broken, visual: fields(same), kind: 'mrz' }, TODAY);
  t.same([verdict.status, verdict.checks[0]!.result], [VerdictStatus.ItsFake, 'failed']);
  const late = decide({ machine: MACHINE, visual: fields(same), kind: 'barcode' }, new Date('2032-01-01'));
  t.equal(late.status, VerdictStatus.Expired);
  t.equal(late.checks.at(-1)!.result, 'failed');
});

t.test('dates compare by their digits for the other fields\' confidences', async (t) => {
  t.equal(similarity('1944-04-26', '1944-04-26'), 100);
  t.equal(similarity('1985-08-12', '1985-08-13'), 90, 'one digit of the day misread');
  t.ok(similarity('1944-04-26', '1969-08-13') < 50, 'a birth date changed outright');
  t.equal(similarity('CASTAÑEDA', 'castaneda'), 100, 'names: case and accents normalised');
  t.equal(similarity('ÞÓRÐARSON', 'THORDARSON'), 100);
});

t.test('mrzTextMatch follows the MRZ\'s own check: failed is ItsFake, undetermined at best LowConfidence', async (t) => {
  const same = { id: 'D1234567', dob: '1944-04-26', expires: '2031-08-13', familyName: 'CASTANEDA', firstName: 'ANA' };
  const withText = (result: 'passed' | 'failed' | 'undetermined' | 'notChecked') =>
    decide({ machine: MACHINE, visual: fields(same), kind: 'mrz', textMatch: { name: 'mrzTextMatch', result, reason: 'as given' } }, TODAY);
  const passed = withText('passed');
  t.same(passed.checks.slice(0, 2).map((c) => c.name), ['mrzCheckDigits', 'mrzTextMatch'], 'after the check digits, before the key fields');
  t.equal(passed.status, VerdictStatus.OK);
  t.equal(withText('notChecked').status, VerdictStatus.OK);
  t.equal(withText('failed').status, VerdictStatus.ItsFake);
  t.equal(withText('undetermined').status, VerdictStatus.LowConfidence);
  t.notOk(decide({ machine: MACHINE, visual: fields(same), kind: 'mrz' }, TODAY).checks.some((c) => c.name === 'mrzTextMatch'), 'no text sent, no check');
});
