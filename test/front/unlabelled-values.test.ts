import t from 'tap';
import { DocumentType } from '../../common/document.js';
import { readFrontLines } from '../../pipeline/front/read-front.js';
import { ocrLines, type LineSpec } from './ocr-lines.js';

/**
 * A passport data page as a photo reads it (4242-26 of the corpus): the header and the values
 * survive, the small captions are lost or garbled, and the nationality repeats the issuer's name.
 */
const PASSPORT_PAGE: readonly LineSpec[] = [
  { text: 'UNITED KINGDOM', x: 114, y: 112, h: 26 },
  { text: 'PASSPORT/PASSEPORT', x: 598, y: 114, h: 27 },
  { text: 'Cedeo', x: 427, y: 151, h: 14, confidence: 0.51 },
  { text: 'GBR', x: 424, y: 164, h: 19 },
  { text: 'GFNRNSRVF', x: 591, y: 164, h: 22 },
  { text: 'HADDAD', x: 331, y: 198, h: 24 },
  { text: 'ANNA', x: 330, y: 235, h: 24 },
  { text: 'UNITED KINGDOM', x: 330, y: 274, h: 24 },
  { text: '01OCT1999', x: 329, y: 313, h: 22 },
  { text: 'TORONTO,CAN', x: 329, y: 350, h: 22 },
  { text: '16OCT2025', x: 328, y: 389, h: 22 },
  { text: '16OCT2035', x: 327, y: 425, h: 25 },
];

for (const degrees of [0, 10, -10]) {
  t.test(`passport page turned ${degrees}° with no name caption read: surname then given names, top of the date of birth's column`, async (t) => {
    const { visual } = readFrontLines(ocrLines(PASSPORT_PAGE, degrees), DocumentType.Passport);
    t.match(visual.document, { familyName: 'HADDAD', privateName: 'ANNA', dob: '1999-10-01' });
  });
}

t.test('a visual zone name missing: the line below does not take its place', async (t) => {
  // The surname was not read: ANNA and the nationality are no pair (UNITED KINGDOM is printed twice).
  const noSurname = PASSPORT_PAGE.filter((l) => l.text !== 'HADDAD');
  const { visual } = readFrontLines(ocrLines(noSurname), DocumentType.Passport);
  t.equal(visual.document.familyName, undefined);
  t.equal(visual.document.privateName, undefined);
  // A given name read unsurely is left out, and the surname above it kept.
  const unsure = PASSPORT_PAGE.map((l) => (l.text === 'ANNA' ? { ...l, confidence: 0.7 } : l));
  const kept = readFrontLines(ocrLines(unsure), DocumentType.Passport).visual.document;
  t.equal(kept.familyName, 'HADDAD');
  t.equal(kept.privateName, undefined);
});

t.test('a short given name read in lower case (Jo or jo for JO) is the name in capitals; garbled captions stay out', async (t) => {
  // 4242-104: a JO printed in capitals, read `Jo`, its o a capital's shape.
  const jo = PASSPORT_PAGE.map((l) => (l.text === 'ANNA' ? { ...l, text: 'Jo' } : l));
  t.match(readFrontLines(ocrLines(jo), DocumentType.Passport).visual.document, { familyName: 'HADDAD', privateName: 'JO' });
  // 9191-98: the recogniser reads a short J as a j too.
  const lower = PASSPORT_PAGE.map((l) => (l.text === 'ANNA' ? { ...l, text: 'jo' } : l));
  t.match(readFrontLines(ocrLines(lower), DocumentType.Passport).visual.document, { familyName: 'HADDAD', privateName: 'JO' });
  // Letters of no capital's shape keep a garbled caption out of a visual zone, whose values are capitals.
  const garbled = PASSPORT_PAGE.map((l) => (l.text === 'ANNA' ? { ...l, text: 'Glwe' } : l));
  t.equal(readFrontLines(ocrLines(garbled), DocumentType.Passport).visual.document.privateName, undefined);
});

/** A permanent resident card as a photo reads it (4242-3): the surname's caption garbled, `Suman`. */
const RESIDENT_CARD: readonly LineSpec[] = [
  { text: 'UNITED STATES', x: 104, y: 110, h: 31 },
  { text: 'PERMANENT RESIDENT', x: 582, y: 110, h: 28 },
  { text: 'Suman', x: 314, y: 156, h: 14 },
  { text: 'SCHÖNBERG', x: 306, y: 165, h: 30 },
  { text: 'Given names', x: 303, y: 204, h: 22 },
  { text: 'OLGA CHIAMAKA', x: 300, y: 222, h: 27 },
  { text: 'Card No.', x: 296, y: 260, h: 21 },
  { text: 'WLD2107788657', x: 291, y: 276, h: 32 },
  { text: 'Nationality', x: 562, y: 261, h: 23 },
  { text: 'D', x: 563, y: 283, h: 25 },
  { text: 'Date af birth', x: 286, y: 316, h: 24 },
  { text: '03/20/1967', x: 282, y: 335, h: 32 },
];

t.test('an ID card with one name caption read: the other name is its neighbour in the column', async (t) => {
  const { visual } = readFrontLines(ocrLines(RESIDENT_CARD, 9), DocumentType.GreenCard);
  t.match(visual.document, { familyName: 'SCHÖNBERG', privateName: 'OLGA CHIAMAKA', id: 'WLD2107788657', dob: '1967-03-20' });
  // The family name labelled, the given names found below it.
  const familyLabelled = RESIDENT_CARD.map((l) => (l.text === 'Suman' ? { ...l, text: 'Surname' } : l.text === 'Given names' ? { ...l, text: 'dverr aatles', confidence: 0.57 } : l));
  t.match(readFrontLines(ocrLines(familyLabelled), DocumentType.GreenCard).visual.document, { familyName: 'SCHÖNBERG', privateName: 'OLGA CHIAMAKA' });
});

t.test('a card number without its caption: the one number line between the names and the date of birth', async (t) => {
  const uncaptioned = RESIDENT_CARD.filter((l) => l.text !== 'Card No.');
  t.equal(readFrontLines(ocrLines(uncaptioned, -8), DocumentType.GreenCard).visual.document.id, 'WLD2107788657');
  // Two numbers there (a card number and a USCIS number): neither is taken.
  const two = [...uncaptioned, { text: '012345678', x: 290, y: 300, h: 30 }];
  t.equal(readFrontLines(ocrLines(two), DocumentType.GreenCard).visual.document.id, undefined);
  // A number read unsurely, or one in another column, is not taken either.
  const unsure = uncaptioned.map((l) => (l.text === 'WLD2107788657' ? { ...l, confidence: 0.7 } : l));
  t.equal(readFrontLines(ocrLines(unsure), DocumentType.GreenCard).visual.document.id, undefined);
  const elsewhere = uncaptioned.map((l) => (l.text === 'WLD2107788657' ? { ...l, x: 560 } : l));
  t.equal(readFrontLines(ocrLines(elsewhere), DocumentType.GreenCard).visual.document.id, undefined);
});

t.test('a misread "Given name" caption is not the surname\'s NAME, and a Type caption claims only a type code', async (t) => {
  const card: LineSpec[] = [
    { text: 'FRANCE', x: 106, y: 103, h: 34 },
    { text: 'Type /Type', x: 339, y: 120, h: 16 },
    { text: 'MACDONALD', x: 339, y: 161, h: 30 },
    { text: 'Glven name', x: 345, y: 200, h: 15 },
    { text: 'SIOBHAN HANA', x: 340, y: 210, h: 30 },
    { text: 'Date of bth', x: 344, y: 297, h: 19 },
    { text: '22.05.1984', x: 341, y: 311, h: 26 },
  ];
  const { visual } = readFrontLines(ocrLines(card), DocumentType.InternationalId);
  t.match(visual.document, { familyName: 'MACDONALD', privateName: 'SIOBHAN HANA' });
});

t.test('a licence: a two-letter family name, and a given name read unsurely left out', async (t) => {
  const licence: LineSpec[] = [
    { text: 'WASHINGTON', x: 94, y: 93, h: 47 },
    { text: 'DRIVER LICENSE', x: 787, y: 125, h: 34 },
    { text: 'U9361329', x: 338, y: 198, h: 41 },
    { text: '11/22/1986', x: 339, y: 257, h: 34 },
    { text: '02/02/2032', x: 642, y: 256, h: 37 },
    { text: '02/02/2024', x: 339, y: 310, h: 33 },
    { text: 'CM', x: 643, y: 313, h: 28 },
    { text: 'NG', x: 339, y: 360, h: 37 },
    { text: 'jo', x: 338, y: 411, h: 31, confidence: 0.74 },
    { text: '8748 CEDAR LN APT 38', x: 340, y: 457, h: 26 },
    { text: 'OLYMPIA, WA 98501', x: 339, y: 481, h: 30 },
  ];
  const { visual } = readFrontLines(ocrLines(licence), DocumentType.ID);
  t.equal(visual.document.familyName, 'NG');
  t.equal(visual.document.privateName, undefined, 'jo at 74 is not kept, and does not let NG be taken for it');
  const sure = licence.map((l) => (l.text === 'jo' ? { ...l, text: 'JO', confidence: 0.95 } : l));
  t.match(readFrontLines(ocrLines(sure), DocumentType.ID).visual.document, { familyName: 'NG', privateName: 'JO' });
  // Read as unsurely, but reading the name the barcode holds: the agreement vouches for it.
  const known = licence.map((l) => (l.text === 'jo' ? { ...l, text: 'JO', confidence: 0.56, knownName: true } : l));
  t.match(readFrontLines(ocrLines(known), DocumentType.ID).visual.document, { familyName: 'NG', privateName: 'JO' });
  const unknown = known.map((l) => ({ ...l, knownName: false }));
  t.equal(readFrontLines(ocrLines(unknown), DocumentType.ID).visual.document.privateName, undefined, 'JO at 56, no name known');
});

t.test('a given name that spells a caption nearly (ANNA CHIAMAKA: Nachname) is no caption where it reads a name the MRZ holds', async (t) => {
  // A 96 dpi permanent resident card (1313-163 of the corpus): its captions garbled, and `CaN`
  // (Card No) under the given names, which read as a garbled `Nachname` made the family name.
  const card: LineSpec[] = [
    { text: 'UNITED STATES', x: 98, y: 99, h: 31 },
    { text: 'PERMANENT RESIDENT', x: 608, y: 105, h: 22 },
    { text: 'GRÜNEWALD', x: 336, y: 155, h: 29 },
    { text: 'Geeh tiaf', x: 337, y: 196, h: 17, confidence: 0.65 },
    { text: 'ANNA CHIAMAKA', x: 334, y: 210, h: 27, knownName: true },
    { text: 'CaN', x: 336, y: 246, h: 21, confidence: 0.65 },
    { text: 'BEZ7939779363', x: 335, y: 263, h: 27 },
    { text: 'IRL', x: 595, y: 263, h: 27 },
    { text: 'DTm', x: 337, y: 300, h: 18, confidence: 0.82 },
    { text: 'Set', x: 598, y: 301, h: 17, confidence: 0.8 },
    { text: '09/06/1965', x: 336, y: 317, h: 25 },
    { text: 'F', x: 595, y: 316, h: 23 },
    { text: 'Cat H', x: 335, y: 351, h: 22, confidence: 0.67 },
    { text: 'DaeM Eiy', x: 598, y: 352, h: 20, confidence: 0.64 },
    { text: '12/21/2022', x: 336, y: 369, h: 26 },
    { text: '12/21/2032', x: 596, y: 367, h: 29 },
  ];
  const read = (specs: LineSpec[]) => readFrontLines(ocrLines(specs), DocumentType.GreenCard).visual.document;
  t.match(read(card), { familyName: 'GRÜNEWALD', privateName: 'ANNA CHIAMAKA', id: 'BEZ7939779363', dob: '1965-09-06' });
  t.equal(read(card.map((l) => ({ ...l, knownName: false }))).familyName, 'CAN', 'unmarked, it is the garbled caption');
});

/**
 * A card whose captions are in no language the rules know, both names on one line: the
 * machine-readable part's given name and date of birth are found on it, its family name is not
 * (printed otherwise than the MRZ holds).
 */
const ONE_NAME_LINE: readonly LineSpec[] = [
  { text: 'REPUBLIC OF UTOPIA', x: 100, y: 40, h: 30 },
  { text: 'Nimi', x: 320, y: 110, h: 14 },
  { text: 'JONES, PETER', x: 320, y: 128, h: 26 },
  { text: 'Fæðingardagur', x: 320, y: 230, h: 14 },
  { text: '14.03.1985', x: 320, y: 248, h: 26 },
];
const MACHINE = { familyName: 'SMITH', privateName: 'PETER', dob: '1985-03-14' };
const familyRead = (lines: readonly LineSpec[]) => readFrontLines(ocrLines(lines), DocumentType.InternationalId, MACHINE).visual.document.familyName;
const withNames = (text: string, confidence?: number) => ONE_NAME_LINE.map((l) => (l.text === 'JONES, PETER' ? { ...l, text, ...(confidence ? { confidence } : {}) } : l));

t.test('a family name printed otherwise than the MRZ holds is read beside the given names the MRZ found on its line', async (t) => {
  t.equal(familyRead(ONE_NAME_LINE), 'JONES', 'before them and a comma');
  t.equal(familyRead(withNames('1,2 JONES, PETER')), 'JONES', 'after the designator');
  t.equal(familyRead(withNames('12 JONES, PETER')), 'JONES', 'after the designator whose comma was lost');
  t.equal(familyRead(withNames('1JONES, PETER')), 'JONES', 'and its second digit');
  t.equal(familyRead(withNames('2 Peter Jones')), 'JONES', 'given first');
  t.equal(familyRead(withNames('Peter Jones')), 'JONES', 'after them');
});

t.test('beside the given names, a doubtful reading or a caption is no family name', async (t) => {
  t.equal(familyRead(withNames('JONES, PETER', 0.6)), undefined, 'read doubtfully');
  t.equal(familyRead(withNames('Etunimi PETER')), undefined, 'a caption before them, no comma');
  t.equal(familyRead(withNames('Nimi: PETER')), undefined);
});

/** A licence with small captions before the values, as a photo reads it (tuning design id-inline, 4242-2000028). */
const CAPTIONS_BEFORE: readonly LineSpec[] = [
  { text: 'GUAM', x: 87, y: 90, h: 45 },
  { text: 'USA', x: 813, y: 88, h: 32 },
  { text: 'DRIVER LICENSE', x: 702, y: 121, h: 26 },
  { text: 'ID H2391360', x: 309, y: 174, h: 29 },
  { text: 'Class A', x: 633, y: 182, h: 21 },
  { text: 'MULLER', x: 309, y: 210, h: 29 },
  { text: 'PRIYA OLGA', x: 310, y: 241, h: 25 },
  { text: '4903 LAKESHORE RD', x: 308, y: 274, h: 26 },
  { text: 'GREENDALE, GU 40566', x: 311, y: 301, h: 22 },
  { text: 'Sex F', x: 309, y: 345, h: 23 },
  { text: 'Height 5\'-00"', x: 404, y: 345, h: 26 },
  { text: 'Eyes BLK', x: 566, y: 343, h: 29 },
  { text: 'DOB 02/16/1942', x: 308, y: 375, h: 26 },
  { text: 'Expires 12/19/2031', x: 306, y: 406, h: 28 },
  { text: 'E NONE', x: 307, y: 435, h: 28 },
  { text: 'R NONE', x: 438, y: 438, h: 24 },
  { text: 'Issued 12/19/2023', x: 310, y: 472, h: 25 },
  { text: 'LAW94KKRVP3Z', x: 586, y: 504, h: 22 },
  { text: 'SIGNATURE', x: 91, y: 549, h: 17 },
];
const edited = (from: string, to: string): LineSpec[] => CAPTIONS_BEFORE.map((l) => (l.text === from ? { ...l, text: to } : l));

t.test('a licence number after `ID` on its line, not after an `ID` of a title', async (t) => {
  t.match(readFrontLines(ocrLines(CAPTIONS_BEFORE), DocumentType.ID).visual.document, { id: 'H2391360', dob: '1942-02-16' });
  // In a title, ID announces no number.
  t.equal(readFrontLines(ocrLines(edited('DRIVER LICENSE', 'REAL ID').filter((l) => l.text !== 'ID H2391360')), DocumentType.ID).visual.document.id, undefined);
});

t.test('a licence read alone: a number printed bare is the one line of a number\'s form; a discriminator is not', async (t) => {
  const bare = edited('ID H2391360', 'S514-172-80-844-0');
  t.equal(readFrontLines(ocrLines(bare), DocumentType.ID).visual.document.id, 'S514-172-80-844-0');
  // Mostly letters: a discriminator, not a number.
  t.equal(readFrontLines(ocrLines(edited('ID H2391360', 'LAWKKRVPZ94')), DocumentType.ID).visual.document.id, undefined);
  // Another line of a number's form lower on the card (a discriminator): the one a row above all others is the number.
  const two = [...bare, { text: '0839927991', x: 309, y: 520, h: 29 }];
  t.equal(readFrontLines(ocrLines(two), DocumentType.ID).visual.document.id, 'S514-172-80-844-0');
  // One on the number's row: neither is taken.
  const beside = [...bare, { text: '0839927991', x: 560, y: 174, h: 29 }];
  t.equal(readFrontLines(ocrLines(beside), DocumentType.ID).visual.document.id, undefined);
});

/**
 * A card with captions in no language the rules know (Icelandic), names on lines of their own:
 * the MRZ's given names are found, its family name is not (printed otherwise than the MRZ holds).
 */
const NAMES_APART: readonly LineSpec[] = [
  { text: 'REPUBLIC OF UTOPIA', x: 100, y: 40, h: 30 },
  { text: 'Kenninafn', x: 320, y: 110, h: 14 },
  { text: 'JONES', x: 320, y: 128, h: 26 },
  { text: 'Eiginnafn', x: 320, y: 170, h: 14 },
  { text: 'PETER PAUL', x: 320, y: 188, h: 26 },
  { text: 'Fæðingardagur', x: 320, y: 230, h: 14 },
  { text: '14.03.1985', x: 320, y: 248, h: 26 },
];
const MACHINE_APART = { familyName: 'SMITH', privateName: 'PETER PAUL', dob: '1985-03-14' };
const namesApart = (lines: readonly LineSpec[], type: typeof DocumentType.ID | typeof DocumentType.InternationalId = DocumentType.InternationalId) =>
  readFrontLines(ocrLines(lines), type, MACHINE_APART).visual.document;
const replaced = (lines: readonly LineSpec[], from: string, to: string | null): LineSpec[] =>
  lines.flatMap((l) => (l.text !== from ? [l] : to === null ? [] : [{ ...l, text: to }]));

t.test('a family name printed otherwise than the MRZ holds is the name line over the given names the MRZ found', async (t) => {
  t.match(namesApart(NAMES_APART), { familyName: 'JONES', privateName: 'PETER PAUL' });
  const mixed = replaced(replaced(NAMES_APART, 'JONES', 'Jones'), 'PETER PAUL', 'Peter Paul');
  t.match(namesApart(mixed), { familyName: 'JONES', privateName: 'PETER PAUL' }, 'names printed in mixed case');
});

t.test('over the given names, a caption, a line in another case or a doubtful reading is no family name', async (t) => {
  t.equal(namesApart(replaced(NAMES_APART, 'JONES', null)).familyName, undefined, 'the caption above the given names is too small');
  t.equal(namesApart(replaced(NAMES_APART, 'JONES', 'Jones')).familyName, undefined, 'mixed case over given names in capitals');
  const doubtful = NAMES_APART.map((l) => (l.text === 'JONES' ? { ...l, confidence: 0.6 } : l));
  t.equal(namesApart(doubtful).familyName, undefined);
});

/** A licence printing bare names, given names first, then the address. */
const GIVEN_FIRST: readonly LineSpec[] = [
  { text: 'UTOPIA', x: 94, y: 60, h: 40 },
  { text: 'D1234567', x: 340, y: 150, h: 36 },
  { text: '03/14/1985', x: 340, y: 200, h: 34 },
  { text: 'PETER PAUL', x: 340, y: 260, h: 34 },
  { text: 'JONES', x: 340, y: 310, h: 34 },
  { text: '12 MAIN ST', x: 340, y: 360, h: 28 },
  { text: 'SPRINGFIELD, UT 84001', x: 340, y: 395, h: 28 },
];

t.test('a licence printing the given names first: the family name is the name line under them', async (t) => {
  t.match(namesApart(GIVEN_FIRST, DocumentType.ID), { familyName: 'JONES', privateName: 'PETER PAUL' }, 'not the given names taken by their place for it');
  const both = [...GIVEN_FIRST, { text: 'MARY ANN', x: 340, y: 225, h: 34 }];
  t.equal(namesApart(both, DocumentType.ID).familyName, undefined, 'a name line on either side: neither');
});

t.test('names pointed at by the MRZ place the other name by its place, in the pointed name\'s case', async (t) => {
  // A card printing its names in mixed case, captions lost, the nationality code under the names.
  const card = (given: string): LineSpec[] => [
    { text: 'POLAND', x: 170, y: 141, h: 42 },
    { text: "CARTE D'IDENTITÉ /IDENTITY CARD", x: 682, y: 162, h: 35 },
    { text: 'García', x: 703, y: 213, h: 40 },
    { text: given, x: 701, y: 265, h: 41 },
    { text: '6GJCGKVGR', x: 701, y: 319, h: 40 },
    { text: 'POL', x: 697, y: 371, h: 38 },
    { text: '26.07.1950', x: 698, y: 423, h: 40 },
    { text: '04.07.2033', x: 693, y: 580, h: 40 },
  ];
  // The MRZ holds another first name: only the family name is found by it.
  const machine = { familyName: 'GARCIA', firstName: 'JUERGEN', privateName: 'JUERGEN JOHN', dob: '1950-07-26', expires: '2033-07-04' };
  const mixed = readFrontLines(ocrLines(card('Al John')), DocumentType.InternationalId, machine).visual.document;
  t.match(mixed, { familyName: 'GARCÍA', privateName: 'AL JOHN', firstName: 'AL' });
  // In capitals, the first two name lines (AL JOHN over POL) were taken for the names until the
  // MRZ's family name was found above them: the code under them is no given name.
  const capitals = readFrontLines(ocrLines(card('AL JOHN')), DocumentType.InternationalId, machine).visual.document;
  t.match(capitals, { familyName: 'GARCÍA', privateName: 'AL JOHN' });
  // Unpointed, a mixed-case line is no name by its place alone (captions come back so).
  t.equal(readFrontLines(ocrLines(card('Al John')), DocumentType.InternationalId).visual.document.privateName, undefined);
});

t.test('a family name placed by its place stays where the MRZ finds the given names lower down', async (t) => {
  // Family name, name at birth, given names: the MRZ's family name is not on the page as printed.
  const page: LineSpec[] = [
    { text: 'HALVORSEN', x: 300, y: 130, h: 26 },
    { text: 'BERG', x: 300, y: 160, h: 26 },
    { text: 'INGRID', x: 300, y: 196, h: 26 },
    { text: '12.08.1964', x: 300, y: 275, h: 28 },
  ];
  const machine = { familyName: 'HALVORSON', firstName: 'INGRID', privateName: 'INGRID', dob: '1964-08-12' };
  t.match(readFrontLines(ocrLines(page), DocumentType.Passport, machine).visual.document, { familyName: 'HALVORSEN', privateName: 'INGRID' });
});

t.test('a date after what little is left of its lost caption is a loose date, placed by the dates\' order', async (t) => {
  const front = (expiry: string): Record<string, unknown> => readFrontLines(ocrLines([
    { text: 'NEVADA', x: 90, y: 70, h: 60 },
    { text: 'DRIVER LICENSE', x: 480, y: 90, h: 28 },
    { text: '4d DLN 123456789', x: 330, y: 160, h: 30 },
    { text: '3 DOB 07/04/1980', x: 330, y: 195, h: 30 },
    { text: expiry, x: 330, y: 240, h: 30 },
  ]), DocumentType.ID).visual.document;
  t.equal(front('P07/04/2030').expires, '2030-07-04');
  t.equal(front('006: 07/04/2030').expires, '2030-07-04');
  // More than a caption's remnant before it, or anything after it, and the date is some other line's.
  t.equal(front('REVOKED 07/04/2030').expires, undefined);
  t.equal(front('07/04/2030 VOID').expires, undefined);
});
