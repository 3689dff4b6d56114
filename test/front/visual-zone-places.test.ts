import t from 'tap';
import { DocumentType } from '../../common/document.js';
import { readFrontLines } from '../../pipeline/front/read-front.js';
import { ocrLines, type LineSpec } from './ocr-lines.js';

/**
 * An ID card as a photo reads it: the header (issuer, title, the number at its right), the names
 * and dates in the data column, every caption lost.
 */
const CARD: readonly LineSpec[] = [
  { text: 'REPUBLIC OF UTOPIA', x: 160, y: 20, h: 24 },
  { text: 'IDENTITY CARD', x: 160, y: 48, h: 20 },
  { text: 'K4Z07T318', x: 590, y: 28, h: 32 },
  { text: 'BERGER', x: 360, y: 136, h: 28 },
  { text: 'LINA', x: 360, y: 176, h: 28 },
  { text: '03.11.1986', x: 360, y: 290, h: 32 },
  { text: 'UTOPIAN', x: 600, y: 290, h: 32 },
  { text: '14.02.2031', x: 360, y: 400, h: 32 },
];

t.test('a number without its caption in the header band, above the holder\'s data, is the document number', async (t) => {
  for (const degrees of [0, 8, -8]) {
    t.equal(readFrontLines(ocrLines(CARD, degrees), DocumentType.InternationalId).visual.document.id, 'K4Z07T318', `turned ${degrees}°`);
  }
  // Two numbers there (a serial beside the number): neither is taken.
  const two = [...CARD, { text: '0123456', x: 160, y: 72, h: 20 }];
  t.equal(readFrontLines(ocrLines(two), DocumentType.InternationalId).visual.document.id, undefined);
  // One read unsurely is not taken, nor a word without a digit (a title), nor a number below the names.
  const unsure = CARD.map((l) => (l.text === 'K4Z07T318' ? { ...l, confidence: 0.7 } : l));
  t.equal(readFrontLines(ocrLines(unsure), DocumentType.InternationalId).visual.document.id, undefined);
  const title = CARD.map((l) => (l.text === 'K4Z07T318' ? { ...l, text: 'PASSPORT' } : l));
  t.equal(readFrontLines(ocrLines(title), DocumentType.InternationalId).visual.document.id, undefined);
  const lower = CARD.map((l) => (l.text === 'K4Z07T318' ? { ...l, x: 590, y: 340 } : l));
  t.not(readFrontLines(ocrLines(lower), DocumentType.InternationalId).visual.document.id, 'K4Z07T318');
  // With neither names nor the date of birth read, a later date bounds no header (a personal number above it).
  const noData = CARD.filter((l) => !['BERGER', 'LINA', '03.11.1986'].includes(l.text));
  t.equal(readFrontLines(ocrLines(noData), DocumentType.InternationalId).visual.document.id, undefined);
  // A number read under its caption is kept.
  const captioned = [...CARD, { text: 'Document No', x: 540, y: 220, h: 18 }, { text: 'AB1234567', x: 540, y: 240, h: 30 }];
  t.equal(readFrontLines(ocrLines(captioned), DocumentType.InternationalId).visual.document.id, 'AB1234567');
});

t.test('the one date after the birth\'s that the dates\' order cannot place is the expiry, the visual zone\'s mandatory date', async (t) => {
  t.match(readFrontLines(ocrLines(CARD), DocumentType.InternationalId).visual.document, { dob: '1986-11-03', expires: '2031-02-14' });
  // A past expiry (a card out of date) is placed the same way.
  const past = CARD.map((l) => (l.text === '14.02.2031' ? { ...l, text: '14.02.2019' } : l));
  t.match(readFrontLines(ocrLines(past), DocumentType.InternationalId).visual.document, { dob: '1986-11-03', expires: '2019-02-14' });
  // A line below that may be a date read unparsed (`2302 2019`): the date may be the issue, and stays unplaced.
  const unread = [...past, { text: '1402 2029', x: 360, y: 450, h: 32 }];
  t.equal(readFrontLines(ocrLines(unread), DocumentType.InternationalId).visual.document.expires, undefined);
  // Issue and expiry both printed: the order places them, the issue stays the issue.
  const both = [...past, { text: '15.02.2009', x: 360, y: 350, h: 32 }];
  t.match(readFrontLines(ocrLines(both), DocumentType.InternationalId).visual.document, { issued: '2009-02-15', expires: '2019-02-14' });
  // An issue date read under its caption: the order places the other date.
  const issued = [...past, { text: 'Date of issue', x: 540, y: 340, h: 18 }, { text: '15.02.2009', x: 540, y: 360, h: 30 }];
  t.match(readFrontLines(ocrLines(issued), DocumentType.InternationalId).visual.document, { issued: '2009-02-15', expires: '2019-02-14' });
  // Without the date of birth the date stays unplaced.
  const noBirth = past.filter((l) => l.text !== '03.11.1986');
  t.equal(readFrontLines(ocrLines(noBirth), DocumentType.InternationalId).visual.document.expires, undefined);
});

t.test('one name field holding both names, primary identifier first: the given names follow the comma', async (t) => {
  const card: LineSpec[] = [
    { text: 'UTOPIA', x: 40, y: 17, h: 30 },
    { text: 'Name/ Nom', x: 241, y: 67, h: 22 },
    { text: 'HOLM-BERGER, ELSA MARIE', x: 271, y: 86, h: 27 },
    { text: 'Date of birth/', x: 431, y: 128, h: 24 },
    { text: '12 AUG/AOUT 74', x: 430, y: 175, h: 26 },
  ];
  t.match(readFrontLines(ocrLines(card), DocumentType.InternationalId).visual.document,
    { familyName: 'HOLM-BERGER', privateName: 'ELSA MARIE', firstName: 'ELSA' });
  // Read unsurely, or in another case than the family name, they are left out.
  const unsure = card.map((l) => (l.text.startsWith('HOLM') ? { ...l, confidence: 0.7 } : l));
  t.equal(readFrontLines(ocrLines(unsure), DocumentType.InternationalId).visual.document.privateName, undefined);
  const mixed = card.map((l) => (l.text.startsWith('HOLM') ? { ...l, text: 'HOLM-BERGER, Elsa Marie' } : l));
  t.equal(readFrontLines(ocrLines(mixed), DocumentType.InternationalId).visual.document.privateName, undefined);
});

t.test('a given names caption that names the patronymic too has the given names under it', async (t) => {
  const page: LineSpec[] = [
    { text: 'Soyadi/Surname', x: 442, y: 161, h: 39 },
    { text: 'KARIMOV', x: 443, y: 200, h: 40 },
    { text: 'Adı, atasının adı/Given name, patronymic', x: 447, y: 279, h: 30 },
    { text: 'RUSTAM ELDAR OGLU', x: 444, y: 310, h: 40 },
    { text: '24.10.1972', x: 443, y: 494, h: 41 },
  ];
  t.match(readFrontLines(ocrLines(page), DocumentType.Passport).visual.document,
    { familyName: 'KARIMOV', privateName: 'RUSTAM ELDAR OGLU', firstName: 'RUSTAM' });
});
