/**
 * The name checks on the front's frames: the machine's name is weighed as the front may print it
 * (marks, the letters ICAO spells out, separators, the given names after the first), and a letter
 * printed otherwise still fails.
 */
import t from 'tap';
import { DocumentType, type DocumentField, type DocumentFields } from '../../common/document.js';
import type { Reading } from '../../pipeline/front/labels.js';
import type { FrontLine } from '../../pipeline/front/layout.js';
import { readFrontLines } from '../../pipeline/front/read-front.js';
import type { FieldSet } from '../../pipeline/job.js';
import { charsetOf } from '../../pipeline/ocr/charset.js';
import type { LineProbabilities } from '../../pipeline/ocr/recognizer.js';
import { FIELD_CHECK } from '../../pipeline/verdict/calibration.js';
import { decide } from '../../pipeline/verdict/decide.js';
import { ocrLines } from '../front/ocr-lines.js';

const TODAY = new Date('2026-01-01');
const CLASSES = ['', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -\'ÞÐÓÕÑĄ'];

/**
 * Frames that print `text`, two a character (the character, then a blank); at the places of
 * `doubt` the character's frame gives the second character named there its share.
 */
function frames(text: string, doubt: Record<number, [string, number]> = {}): LineProbabilities {
  const sure = 0.99999;
  const row = (weights: Record<number, number>): number[] => {
    const left = 1 - Object.values(weights).reduce((a, b) => a + b, 0);
    return CLASSES.map((_, k) => (weights[k] ?? 0) + left / CLASSES.length);
  };
  const rows = [...text].flatMap((c, i) => {
    const k = CLASSES.indexOf(c);
    const other = doubt[i];
    return [row(other === undefined ? { [k]: sure } : { [k]: sure - other[1], [CLASSES.indexOf(other[0])]: other[1] }), row({ 0: sure })];
  });
  return { steps: rows.length, classes: CLASSES.length, charset: charsetOf(CLASSES), probs: Float32Array.from(rows.flat()) };
}

function readingOf(text: string, line = frames(text)): Reading {
  const front: FrontLine = {
    index: 0, text, chars: [...text].map(() => 0.98), confidence: 0.98, knownName: false,
    left: 0, right: 100, top: 0, bottom: 10, height: 10, cy: 5, textHeight: 8, parts: [{ frames: line, text, offset: 0 }],
  };
  return { value: text, start: 0, end: text.length, line: front, confidence: 98 };
}

const fieldSet = (document: DocumentFields): FieldSet => ({ document, confidence: Object.fromEntries(Object.keys(document).map((k) => [k, 100])) });

function check(field: DocumentField, reading: Reading, machine: DocumentFields, kind: 'mrz' | 'barcode' = 'mrz') {
  const verdict = decide({ machine: fieldSet(machine), visual: fieldSet({ [field]: reading.value }), readings: new Map([[field, reading]]), kind }, TODAY);
  return verdict.checks.find((c) => c.field === field && c.name.endsWith('Match'))!;
}

t.test('a Þ read as p and a Ð read as Õ are weighed as the MRZ\'s TH and D: not failed', async (t) => {
  // The recogniser's p holds a little Þ, its Õ a little Ð.
  const read = readingOf('PÓRÕUR', frames('PÓRÕUR', { 0: ['Þ', 0.02], 3: ['Ð', 0.06] }));
  const family = check('familyName', read, { familyName: 'THORDUR' });
  t.not(family.result, 'failed', family.reason);
  t.ok(family.margin! < FIELD_CHECK.failAt, `margin ${family.margin}: about the Ð's frames alone (ln 0.94/0.06)`);
  // One letter printed otherwise still costs all its frames.
  const changed = check('familyName', readingOf('PÓRÕUK', frames('PÓRÕUK', { 0: ['Þ', 0.02], 3: ['Ð', 0.06] })), { familyName: 'THORDUR' });
  t.equal(changed.result, 'failed', `margin ${changed.margin}`);
});

t.test('a mark is allowed where the reading shows it, not on any letter: a Q printed for an A still fails', async (t) => {
  // The Q's frame gives Ą a share, as a recogniser does; the reading shows Ñ, not Ą.
  const read = readingOf('BQRREÑO', frames('BQRREÑO', { 1: ['Ą', 0.013] }));
  const family = check('familyName', read, { familyName: 'BARRENO' });
  t.equal(family.result, 'failed', `margin ${family.margin}`);
  t.equal(check('familyName', readingOf('BARREÑO', frames('BARREÑO')), { familyName: 'BARRENQ' }).result, 'failed', 'nor does a letter beside a marked one');
});

t.test('a hyphen the front prints where the MRZ runs the names together is no difference; a letter is', async (t) => {
  const family = check('familyName', readingOf('KOWALSKA-NOWAK'), { familyName: 'KOWALSKANOWAK' });
  t.equal(family.result, 'passed', `margin ${family.margin}`);
  t.equal(check('familyName', readingOf('KOWALSKA NOWAK'), { familyName: 'KOWALSKA-NOWAK' }, 'barcode').result, 'passed', 'a space for the barcode\'s hyphen');
  t.equal(check('familyName', readingOf('KOWALSKA-NOWAH'), { familyName: 'KOWALSKANOWAK' }).result, 'failed');
});

t.test('a first given name run into the next (a space the recogniser lost) is weighed with the machine\'s given names', async (t) => {
  const read = readingOf('ILSEMAJ');
  const first = check('firstName', read, { firstName: 'ILSE', middleName: 'MAJ', privateName: 'ILSE MAJ' });
  t.equal(first.result, 'passed', `margin ${first.margin}`);
  const other = check('firstName', read, { firstName: 'EDDA', middleName: 'MAJ', privateName: 'EDDA MAJ' });
  t.equal(other.result, 'failed', `another first name: margin ${other.margin}`);
  t.equal(check('firstName', read, { firstName: 'ILSE', privateName: 'ILSE' }).result, 'failed', 'letters the machine does not hold still count');
});

t.test('a licence\'s numbered given-names line: the reading\'s span is the names, not the field number', async (t) => {
  const lines = ocrLines([
    { text: 'NEVADA', x: 90, y: 70, h: 60 },
    { text: '4d DLN 123456789', x: 330, y: 160, h: 30 },
    { text: '3 DOB 01/01/1991', x: 330, y: 195, h: 30 },
    { text: '4b EXP 01/01/2030', x: 600, y: 195, h: 30 },
    { text: '1 HALVERSON', x: 330, y: 240, h: 30 },
    { text: '2 BRIANJAMES', x: 330, y: 272, h: 30 },
    { text: '8 123 MAIN STREET', x: 330, y: 330, h: 30 },
    { text: 'CARSON CITY, NV 89701', x: 352, y: 362, h: 30 },
  ]).map((line) => (/^[12] /.test(line.text) ? { ...line, frames: frames(line.text) } : line));
  const front = readFrontLines(lines, DocumentType.ID, {});
  const given = front.readings.get('firstName')!;
  t.equal(given.line.text.slice(given.start, given.end), 'BRIANJAMES');
  const family = front.readings.get('familyName')!;
  t.equal(family.line.text.slice(family.start, family.end), 'HALVERSON');
  const machine = { familyName: 'HALVERSON', firstName: 'BRIAN', middleName: 'JAMES', privateName: 'BRIAN JAMES' };
  const verdict = decide({ machine: fieldSet(machine), visual: front.visual, readings: front.readings, kind: 'barcode' }, TODAY);
  t.same(verdict.checks.filter((c) => c.field === 'familyName' || c.field === 'firstName').map((c) => c.result), ['passed', 'passed']);
  const forged = decide({ machine: fieldSet({ ...machine, firstName: 'KEVIN', privateName: 'KEVIN JAMES' }), visual: front.visual, readings: front.readings, kind: 'barcode' }, TODAY);
  t.equal(forged.checks.find((c) => c.name === 'firstNameMatch')!.result, 'failed');
});

t.test('a barcode\'s pair of letters is two letters: PAARKER against a front\'s PARKER fails; an MRZ\'s AA may be the front\'s Å', async (t) => {
  const barcode = check('familyName', readingOf('PARKER'), { familyName: 'PAARKER' }, 'barcode');
  t.equal(barcode.result, 'failed', `margin ${barcode.margin}`);
  const mrz = check('familyName', readingOf('PARKER'), { familyName: 'PAARKER' }, 'mrz');
  t.equal(mrz.result, 'passed', 'an MRZ spells Å as AA, and a capture may lose the ring');
  t.equal(check('familyName', readingOf('PARKER'), { familyName: 'PARKER' }, 'barcode').result, 'passed');
});

t.test('a machine name longer than the printed one\'s frames can spell fails, as no path at all', async (t) => {
  const short = check('familyName', readingOf('LI'), { familyName: 'ABDULLAH' }, 'barcode');
  t.equal(short.result, 'failed', short.reason);
  t.ok(short.margin! >= 20, `margin ${short.margin}`);
});

t.test('a family name whose further words the front may print on another line is undetermined, not failed', async (t) => {
  const two = check('familyName', readingOf('ESPAÑOLA'), { familyName: 'ESPANOLA ESPANOLA' });
  t.equal(two.result, 'undetermined', two.reason);
  t.equal(check('familyName', readingOf('ESPAÑOLA'), { familyName: 'ESPINOSA ESPANOLA' }).result, 'failed', 'another first word still fails');
});

t.test('a name the card cuts where its field ends is undetermined; a short one that merely begins the machine\'s is weighed', async (t) => {
  const cut = check('familyName', readingOf('WOLFESCHLEGELSTEINHA'), { familyName: 'WOLFESCHLEGELSTEINHAUSENBERGER' }, 'barcode');
  t.equal(cut.result, 'undetermined', cut.reason);
  t.equal(check('familyName', readingOf('LI'), { familyName: 'LIND' }, 'barcode').result, 'failed', 'two letters are no cut name');
});

t.test('a short name missing its last letter is weighed as an alteration, not taken for a cut', async (t) => {
  t.equal(check('familyName', readingOf('JOHNSO'), { familyName: 'JOHNSON' }, 'barcode').result, 'failed');
});

t.test('a date the detector boxed in two (`20 FEB` and `1978`) is weighed on both boxes\' frames', async (t) => {
  const day = '20 FEB';
  const year = '1978';
  const text = `${day} ${year}`;
  const line: FrontLine = {
    index: 0, text, chars: [...text].map(() => 0.98), confidence: 0.98, knownName: false,
    left: 0, right: 100, top: 0, bottom: 10, height: 10, cy: 5, textHeight: 8,
    parts: [{ frames: frames(day), text: day, offset: 0 }, { frames: frames(year), text: year, offset: day.length + 1 }],
  };
  const reading: Reading = { value: '1978-02-20', start: 0, end: text.length, line, confidence: 98 };
  const other = check('dob', reading, { dob: '1979-02-20' });
  t.equal(other.result, 'failed', other.reason);
  t.ok(other.margin! >= FIELD_CHECK.failAt, `margin ${other.margin}`);
  const same = check('dob', reading, { dob: '1978-02-20' });
  t.equal(same.result, 'passed', same.reason);
  // The month is in the first box: a machine month other than the printed one fails there.
  t.equal(check('dob', reading, { dob: '1978-03-20' }).result, 'failed');
});
