import t from 'tap';
import { DocumentType } from '../../common/document.js';
import { readFrontLines } from '../../pipeline/front/read-front.js';
import { ocrLines, type LineSpec } from './ocr-lines.js';

/**
 * A European driving licence (directive 2006/126/EC): no captions, each field announced by its
 * number, the value glued to it or after a space; every day 12 or less, so only the numbering
 * says the dates are day first. The expiry's number is lost, its date alone at the right.
 */
const EU_LICENCE: readonly LineSpec[] = [
  { text: 'PRAWO JAZDY', x: 270, y: 88, h: 38 },
  { text: 'RZECZPOSPOLITA POLSKA', x: 600, y: 98, h: 28 },
  { text: '1. NOWAK', x: 294, y: 133, h: 40 },
  { text: '2. ANNA MARIA', x: 294, y: 185, h: 32 },
  { text: '3. 04.11.1979 WARSZAWA', x: 295, y: 230, h: 30 },
  { text: '4a.12.03.2015', x: 297, y: 269, h: 30 },
  { text: '4c. STAROSTA POWIATOWY', x: 520, y: 269, h: 30 },
  { text: '5.AB1234567', x: 294, y: 345, h: 36 },
  { text: '12.03.2030', x: 713, y: 413, h: 32 },
  { text: '9. B', x: 89, y: 433, h: 36 },
];

t.test('a European licence reads by the directive\'s field numbers, its dates day first', async (t) => {
  const { document } = readFrontLines(ocrLines(EU_LICENCE), DocumentType.ID).visual;
  t.match(document, { familyName: 'NOWAK', privateName: 'ANNA MARIA', dob: '1979-11-04', issued: '2015-03-12', expires: '2030-03-12', id: 'AB1234567' });
});

t.test('an AAMVA card\'s designators stay its own: `5 DD` bounds the discriminator, a garbled `4b EXP` still announces the expiry', async (t) => {
  const card: LineSpec[] = [
    { text: 'NORTH DAKOTA', x: 100, y: 70, h: 44 },
    { text: 'DRIVER LICENSE', x: 540, y: 74, h: 36 },
    { text: '4d DLN D1234567', x: 340, y: 180, h: 30 },
    { text: '3 DOB 01/02/1980', x: 650, y: 178, h: 34 },
    { text: '4b8XP 01/02/2030', x: 660, y: 212, h: 32 },
    { text: '4a ISS 01/02/2022', x: 340, y: 500, h: 32 },
    { text: '5.DD 3001809365', x: 340, y: 530, h: 32 },
  ];
  const { document } = readFrontLines(ocrLines(card), DocumentType.ID).visual;
  t.match(document, { id: 'D1234567', dob: '1980-01-02', expires: '2030-01-02', issued: '2022-01-02' });
});

t.test('sub-fields and a name at birth: `[a]` and `[b]` are no part of a value, the name at birth no surname', async (t) => {
  const page: LineSpec[] = [
    { text: 'PASS-NR./PASSPORT NO./PASSEPORT NO.', x: 574, y: 62, h: 24 },
    { text: 'C4X7PLM2R', x: 574, y: 84, h: 26 },
    { text: '1.[a]Name / Surnmae / Nom [b]Geburtsname / Name at birth / Nom de naissance', x: 287, y: 108, w: 442, h: 25 },
    { text: '[a] BERGMANN', x: 290, y: 132, h: 24 },
    { text: '[b] HOLZER', x: 290, y: 157, h: 25 },
    { text: 'Vornamen / Given names / Prénoms', x: 308, y: 180, h: 23 },
    { text: 'LENA', x: 310, y: 200, h: 28 },
    { text: 'Geburtstag / Date of birth / Date de naissance', x: 311, y: 246, h: 23 },
    { text: '03.05.1971', x: 312, y: 272, h: 26 },
  ];
  const { document } = readFrontLines(ocrLines(page), DocumentType.Passport).visual;
  t.match(document, { familyName: 'BERGMANN', privateName: 'LENA', dob: '1971-05-03' });
});

t.test('a data page whose captions are all lost: the number beside the type and state codes, the names in the data column over the nationality', async (t) => {
  const page: LineSpec[] = [
    { text: 'REPUBLIC OF UTOPIA', x: 560, y: 90, h: 32 },
    { text: 'PASSPORT', x: 130, y: 145, h: 36 },
    { text: 'P', x: 340, y: 154, h: 24 },
    { text: 'UTO', x: 460, y: 148, h: 36 },
    { text: 'QR7734215', x: 625, y: 142, h: 36 },
    { text: 'SPECIMEN', x: 136, y: 202, h: 38 },
    { text: 'HALVORSEN', x: 336, y: 195, h: 35 },
    { text: 'INGRID', x: 335, y: 238, h: 39 },
    { text: 'UTOPIAN', x: 336, y: 287, w: 100, h: 36 },
    { text: '14 MAR 1983', x: 480, y: 288, h: 33 },
    { text: '02 JUN 2020', x: 340, y: 382, h: 30 },
    { text: '02 JUN 2030', x: 340, y: 428, h: 30 },
  ];
  const { document } = readFrontLines(ocrLines(page), DocumentType.Passport).visual;
  t.match(document, { id: 'QR7734215', familyName: 'HALVORSEN', privateName: 'INGRID', dob: '1983-03-14', expires: '2030-06-02' });
});

t.test('visual zone captions in the issuing state\'s language alone are captions, never names: Czech, Lithuanian, Latvian', async (t) => {
  const page = (surname: string, given: string, birth: string, expiry: string): LineSpec[] => [
    { text: surname, x: 300, y: 100, h: 22 },
    { text: 'KOVALENKO', x: 300, y: 124, h: 30 },
    { text: given, x: 300, y: 160, h: 22 },
    { text: 'OLGA', x: 300, y: 184, h: 30 },
    { text: birth, x: 300, y: 220, h: 22 },
    { text: '21.09.1990', x: 300, y: 244, h: 30 },
    { text: expiry, x: 300, y: 280, h: 22 },
    { text: '03.02.2031', x: 300, y: 304, h: 30 },
  ];
  const want = { familyName: 'KOVALENKO', privateName: 'OLGA', dob: '1990-09-21', expires: '2031-02-03' };
  // Each language's own captions alone, as a capture that lost the smaller English translation reads them.
  t.match(readFrontLines(ocrLines(page('PŘÍJMENÍ', 'JMÉNO', 'DATUM NAROZENÍ', 'PLATNOST DO')), DocumentType.InternationalId).visual.document, want);
  t.match(readFrontLines(ocrLines(page('PAVARDĖ', 'VARDAI', 'GIMIMO DATA', 'GALIOJA IKI')), DocumentType.InternationalId).visual.document, want);
  t.match(readFrontLines(ocrLines(page('UZVĀRDS', 'VĀRDI', 'DZIMŠANAS DATUMS', 'DERĪGS LĪDZ')), DocumentType.InternationalId).visual.document, want);
});
