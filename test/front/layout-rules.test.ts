import t from 'tap';
import { DocumentType } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import { ungrownHeight } from '../../pipeline/front/layout.js';
import { readFrontLines } from '../../pipeline/front/read-front.js';
import { ocrLines, type LineSpec } from './ocr-lines.js';

/**
 * A licence front as a photo often reads: the large header and values survive, the small
 * captions (4d DLN, 3 DOB, 1, 2 …) are lost, and the state's name is the largest word on it.
 */
const LICENCE_WITHOUT_CAPTIONS: readonly LineSpec[] = [
  { text: 'OHIO', x: 28, y: 20, h: 46 },
  { text: 'USA', x: 900, y: 18, h: 26 },
  { text: 'DRIVER LICENSE', x: 760, y: 56, h: 24 },
  { text: 'G9572993', x: 300, y: 130, h: 34 },
  { text: '08/12/1985', x: 300, y: 190, h: 30 },
  { text: '11/22/2031', x: 630, y: 190, h: 30 },
  { text: '11/22/2023', x: 300, y: 250, h: 24 },
  { text: 'GARCIA', x: 300, y: 300, h: 30 },
  { text: 'HANA FATIMA', x: 300, y: 352, h: 26 },
  { text: '683 PINE RIDGE CT', x: 300, y: 402, h: 22 },
  { text: 'GREENVILLE, OH 45331', x: 300, y: 430, h: 22 },
];

for (const degrees of [0, 12, -12]) {
  t.test(`a licence photo turned ${degrees}° without captions: names above the address, dates by their order`, async (t) => {
    const { visual } = readFrontLines(ocrLines(LICENCE_WITHOUT_CAPTIONS, degrees), DocumentType.ID);
    t.match(visual.document, {
      familyName: 'GARCIA', privateName: 'HANA FATIMA', dob: '1985-08-12', issued: '2023-11-22', expires: '2031-11-22',
      state: 'OH', city: 'GREENVILLE',
    });
  });
}

t.test('a licence number: a garbled 4d DLN (adDLN) still labels it, a garbled 3 DOB (3008) is none', async (t) => {
  // 909-45 of the corpus: the real number's caption garbled, the date of birth's read as digits.
  const lines: LineSpec[] = [
    ...LICENCE_WITHOUT_CAPTIONS.filter((l) => l.text !== 'G9572993'),
    { text: '3008', x: 300, y: 166, h: 21 },
  ];
  t.equal(readFrontLines(ocrLines(lines), DocumentType.ID).visual.document.id, undefined);
  const labelled = [...lines, { text: 'adDLN', x: 300, y: 112, h: 20, confidence: 0.78 }, { text: '992272397', x: 300, y: 130, h: 34 }];
  t.equal(readFrontLines(ocrLines(labelled), DocumentType.ID).visual.document.id, '992272397');
  // Without a caption, read alone, the one line of a number's form is the number (shaped-number.ts).
  t.equal(readFrontLines(ocrLines(LICENCE_WITHOUT_CAPTIONS), DocumentType.ID).visual.document.id, 'G9572993');
});

t.test('a licence number read alone among values of its form: the one printed a row above the others', async (t) => {
  // The AAMVA design heads the data column with the number (4d); the discriminator (5 DD) prints lower.
  const withDiscriminator = [...LICENCE_WITHOUT_CAPTIONS, { text: 'ZX00381274', x: 300, y: 470, h: 22 }];
  t.equal(readFrontLines(ocrLines(withDiscriminator), DocumentType.ID).visual.document.id, 'G9572993');
  // Two values side by side on one row: neither is known to be the number.
  const sideBySide = [...LICENCE_WITHOUT_CAPTIONS, { text: 'ZX00381274', x: 630, y: 130, h: 34 }];
  t.equal(readFrontLines(ocrLines(sideBySide), DocumentType.ID).visual.document.id, undefined);
});

t.test('read alone, a number after what is left of its caption, a space or the caption\'s punctuation between', async (t) => {
  const after = (text: string) => readFrontLines(ocrLines([...LICENCE_WITHOUT_CAPTIONS.filter((l) => l.text !== 'G9572993'),
    { text, x: 300, y: 130, h: 34 }]), DocumentType.ID).visual.document.id;
  t.equal(after('4d.G9572-993'), 'G9572-993');
  t.equal(after('4XC# G9572-993'), 'G9572-993');
  // Glued to a field number and its caption, without the barcode's number to say where it starts: none.
  t.equal(after('4DUN4054431'), undefined);
  // A date after its caption has a number's form, and is none.
  t.equal(after('REV: 11/22/2019'), undefined);
  t.equal(after('REV 11-22-2019'), undefined);
});

t.test('the state line is never taken as the family name', async (t) => {
  // The names were not read at all: the header's OHIO must not stand in for them.
  const lines = LICENCE_WITHOUT_CAPTIONS.filter((l) => !['GARCIA', 'HANA FATIMA'].includes(l.text));
  const { visual } = readFrontLines(ocrLines(lines, 8), DocumentType.ID);
  t.equal(visual.document.familyName, undefined);
  t.equal(visual.document.privateName, undefined);
  t.equal(visual.document.state, 'OH');
});

t.test('a garbled caption line is not a name either', async (t) => {
  // `4b EXP` read as SOASS, small, beside the dates: not the family name.
  const lines = [...LICENCE_WITHOUT_CAPTIONS.filter((l) => l.text !== 'GARCIA'), { text: 'SOASS', x: 630, y: 172, h: 16, confidence: 0.7 }];
  const { visual } = readFrontLines(ocrLines(lines), DocumentType.ID);
  t.not(visual.document.familyName, 'SOASS');
  t.not(visual.document.privateName, 'SOASS');
});

t.test('an issue date is not taken as the date of birth when the DOB value was not read', async (t) => {
  // `3 DOB` was read but its value was not; the date under `4a ISS` (caption lost) is nearer to
  // nothing but the issue row, and birth after issue would be impossible anyway.
  const lines: LineSpec[] = [
    { text: 'CALIFORNIA', x: 28, y: 20, h: 46 },
    { text: '4d DLN', x: 300, y: 112, h: 16 },
    { text: 'D1234567', x: 300, y: 130, h: 34 },
    { text: '3 DOB', x: 300, y: 172, h: 16 },
    { text: '4b EXP', x: 630, y: 172, h: 16 },
    { text: '08/31/2031', x: 630, y: 190, h: 30 },
    { text: '08/31/2023', x: 300, y: 250, h: 24 },
  ];
  const { visual } = readFrontLines(ocrLines(lines), DocumentType.ID);
  t.equal(visual.document.id, 'D1234567');
  t.equal(visual.document.expires, '2031-08-31');
  t.not(visual.document.dob, '2023-08-31');
});

t.test('each date goes to its own caption, not to the caption above it', async (t) => {
  const lines: LineSpec[] = [
    { text: 'Surname/Nom', x: 400, y: 200, h: 17 },
    { text: 'ERIKSSON', x: 400, y: 220, h: 30 },
    { text: 'Date of birth/Date de naissance', x: 400, y: 270, h: 17 },
    { text: 'Date of issue/Date de délivrance', x: 400, y: 340, h: 17 },
    { text: '16 APR/AVR 2022', x: 400, y: 360, h: 30 },
    { text: 'Date of expiry/Date d’expiration', x: 400, y: 410, h: 17 },
    { text: '15 APR/AVR 2032', x: 400, y: 430, h: 30 },
  ];
  const { visual } = readFrontLines(ocrLines(lines), DocumentType.Passport);
  t.match(visual.document, { familyName: 'ERIKSSON', issued: '2022-04-16', expires: '2032-04-15' });
  t.equal(visual.document.dob, undefined);
});

t.test('garbled bilingual captions of a photo still announce their values', async (t) => {
  const lines: LineSpec[] = [
    { text: 'Sumame/Nom', x: 400, y: 200, h: 17 },
    { text: 'GRUNEWALD', x: 400, y: 220, h: 30 },
    { text: 'Given names/Prenoms', x: 400, y: 270, h: 17 },
    { text: 'MOHAMMED KWAME', x: 400, y: 290, h: 30 },
    { text: 'PasportNo/Ndupassepot', x: 800, y: 200, h: 17 },
    { text: 'LZHTPLJ61', x: 800, y: 220, h: 30 },
    { text: 'Datefbith/atedenaissane', x: 400, y: 340, h: 17 },
    { text: '02 FEB 1994', x: 400, y: 360, h: 30 },
  ];
  const { visual } = readFrontLines(ocrLines(lines, -9), DocumentType.Passport);
  t.match(visual.document, { familyName: 'GRUNEWALD', privateName: 'MOHAMMED KWAME', id: 'LZHTPLJ61', dob: '1994-02-02' });
});

t.test('a US card with only ambiguous numeric dates reads them month first', async (t) => {
  const lines: LineSpec[] = [
    { text: 'UNITED STATES', x: 30, y: 20, h: 34 },
    { text: 'Date of birth', x: 330, y: 300, h: 15 },
    { text: '03/04/1985', x: 330, y: 318, h: 27 },
  ];
  t.equal(readFrontLines(ocrLines(lines), DocumentType.GreenCard).visual.document.dob, '1985-03-04');
  t.equal(readFrontLines(ocrLines(lines.slice(1)), DocumentType.InternationalId).visual.document.dob, '1985-04-03');
});

t.test('the date under a caption that is no field (Resident since) is not taken for another date', async (t) => {
  const lines: LineSpec[] = [
    { text: 'UNITED STATES', x: 30, y: 20, h: 34 },
    { text: '03/14/1985', x: 330, y: 250, h: 27 },
    { text: 'Resident since', x: 330, y: 300, h: 15 },
    { text: '06/02/2010', x: 330, y: 318, h: 27 },
    { text: 'Card expires', x: 330, y: 370, h: 15 },
    { text: '06/02/2032', x: 330, y: 388, h: 27 },
  ];
  const { visual } = readFrontLines(ocrLines(lines), DocumentType.GreenCard);
  t.match(visual.document, { dob: '1985-03-14', expires: '2032-06-02' });
  t.equal(visual.document.issued, undefined);
});

t.test('a front with text but no field answers an empty visual zone, not an OCRError', async (t) => {
  const { visual } = readFrontLines(ocrLines([{ text: 'SPECIMEN', x: 100, y: 100, h: 40 }, { text: 'NOT A DOCUMENT', x: 100, y: 200, h: 30 }]), DocumentType.ID);
  t.same(visual, { document: {}, confidence: {} });
});

t.test('only illegible lines are an OCRError', async (t) => {
  t.throws(() => readFrontLines(ocrLines([{ text: 'wu', x: 10, y: 10, h: 40, confidence: 0.3 }]), DocumentType.Passport),
    { code: 'OCRError', message: new CodedError('OCRError').message });
  t.throws(() => readFrontLines([], DocumentType.ID), { code: 'OCRError' });
});

t.test('a 30-letter surname is a value, the MRZ lines below are not', async (t) => {
  // The surname alone, capitals without a digit or filler, used to be dropped as an MRZ line.
  const card: LineSpec[] = [
    { text: 'PASSPORT CARD', x: 700, y: 30, h: 28 },
    { text: 'Surname', x: 306, y: 79, h: 17 },
    { text: 'WOLFESCHLEGELSTEINHAUSENBERGER', x: 306, y: 104, h: 26 },
    { text: 'Given names', x: 306, y: 138, h: 20 },
    { text: 'GRACE ANNE-SOPHIE', x: 306, y: 160, h: 26 },
    { text: 'IPUSAC941065678<<<<<<<<<<<<<<<', x: 40, y: 500, h: 26 },
    { text: '7204254F3508270USA<<<<<<<<<<<6', x: 40, y: 540, h: 26 },
    { text: 'WOLFESCHLEGELSTEINHAUSENBERGER', x: 40, y: 580, h: 26 },
  ];
  const { visual } = readFrontLines(ocrLines(card), DocumentType.PassportCard);
  t.equal(visual.document.familyName, 'WOLFESCHLEGELSTEINHAUSENBERGER');
  t.equal(visual.document.privateName, 'GRACE ANNE-SOPHIE');
  t.equal(visual.document.id, undefined, 'no number taken from the MRZ');
});

t.test('a two-letter family name without its caption is placed, though its box is lower than a long line\'s', async (t) => {
  // A green card photo as it read (5151-128): the captions lost or garbled, and the detector grew
  // LI's short box half as much as the long lines', to 23 pixels beside a date's 35.
  const lines: LineSpec[] = [
    { text: 'UNITED STATES', x: 105, y: 107, w: 267, h: 40 },
    { text: 'LI', x: 376, y: 176, w: 27, h: 23 },
    { text: 'Gvekna', x: 380, y: 214, w: 58, h: 20, confidence: 0.69 },
    { text: 'RENÉE MEI', x: 377, y: 228, w: 137, h: 33 },
    { text: 'FYW8778512009', x: 380, y: 283, w: 206, h: 35 },
    { text: '03/28/1987', x: 385, y: 340, w: 139, h: 35 },
    { text: '11/11/2025', x: 389, y: 395, w: 140, h: 34 },
    { text: '11/11/2035', x: 665, y: 391, w: 140, h: 33 },
  ];
  const { visual } = readFrontLines(ocrLines(lines), DocumentType.GreenCard);
  t.match(visual.document, { familyName: 'LI', privateName: 'RENÉE MEI', dob: '1987-03-28' });
});

t.test('the text height of a detector box: a long line\'s is a third of its box, a short word\'s half', async (t) => {
  // Boxes grown from 20-pixel-high text by area × 2 / perimeter on every side.
  const grow = (w: number, h: number) => { const d = (w * h * 2) / (2 * (w + h)); return [w + 2 * d, h + 2 * d] as const; };
  for (const width of [400, 20]) {
    const [W, H] = grow(width, 20);
    t.ok(Math.abs(ungrownHeight(W, H) - 20) < 1e-6, `${width} wide: ${ungrownHeight(W, H)}`);
  }
});

t.test('a printed line the detector cut in two boxes reads as one; columns further apart stay two', async (t) => {
  const lines: LineSpec[] = [
    { text: 'Date of expiry / Date d\'expiration', x: 400, y: 400, h: 30 },
    { text: '01 MAR', x: 400, y: 440, w: 170, h: 40 },
    // Overlapping the first box, as the detector's boxes of one line do.
    { text: '2024', x: 555, y: 440, w: 110, h: 40 },
    { text: 'Date of birth / Date de naissance', x: 400, y: 220, h: 30 },
    { text: '07 JUN', x: 400, y: 260, w: 170, h: 40 },
    // Two line heights to the right: another column's value, not the year.
    { text: '1984', x: 650, y: 260, w: 110, h: 40 },
  ];
  const { document } = readFrontLines(ocrLines(lines), DocumentType.Passport).visual;
  t.equal(document.expires, '2024-03-01');
  t.not(document.dob, '1984-06-07');
});
