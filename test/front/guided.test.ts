import t from 'tap';
import { DocumentType } from '../../common/document.js';
import type { DocumentField } from '../../common/document.js';
import { label, withoutCaptions, type LabelRule, type Reading } from '../../pipeline/front/labels.js';
import { toFrontLines } from '../../pipeline/front/layout.js';
import { findMachineValues } from '../../pipeline/front/guided.js';
import { readFrontLines } from '../../pipeline/front/read-front.js';
import { ocrLines, type LineSpec } from './ocr-lines.js';

/**
 * A passport page whose captions no rule knows (Japanese and garbled), its date split in two
 * boxes, its number under a caption read as noise, and a caption word where the number's caption
 * rule would look: the MRZ's values are found wherever the page prints them.
 */
const PAGE: readonly LineSpec[] = [
  { text: 'PASSPORT', x: 130, y: 140, h: 38 },
  { text: 'P', x: 340, y: 150, h: 30 },
  { text: 'XS1234567', x: 620, y: 140, h: 36 },
  { text: 'SPECIMEN', x: 130, y: 200, h: 38 },
  { text: 'GAIMU', x: 335, y: 195, h: 36 },
  { text: 'SAKURA', x: 335, y: 238, h: 36 },
  { text: '20FEB', x: 480, y: 290, w: 110, h: 30 },
  { text: '1979', x: 585, y: 288, w: 88, h: 32 },
  { text: '20 MAR 2016', x: 340, y: 428, h: 30 },
];
const MACHINE = { id: 'XS1234567', dob: '1979-02-20', expires: '2016-03-20', familyName: 'GAIMU', privateName: 'SAKURA' };

t.test('the MRZ\'s values are found wherever the page prints them, as the page prints them', async (t) => {
  const { visual } = readFrontLines(ocrLines(PAGE), DocumentType.Passport, MACHINE);
  t.match(visual.document, MACHINE);
  t.ok(visual.confidence.dob! >= 90, 'a date agreeing with the MRZ is sure');
  const alone = readFrontLines(ocrLines(PAGE), DocumentType.Passport).visual.document;
  t.equal(alone.dob, MACHINE.dob, 'without the MRZ too, the two boxes of the date read as one line (layout.ts joins them)');
});

t.test('what the front shows is reported, not the machine\'s value', async (t) => {
  const misread = PAGE.map((l) => (l.text === 'XS1234567' ? { ...l, text: 'XS12345G7' } : l));
  const { visual } = readFrontLines(ocrLines(misread), DocumentType.Passport, MACHINE);
  // G and 6 print alike: found, and reported as read until the look-alike step settles it.
  t.equal(visual.document.id, 'XS12345G7');
  const tampered = PAGE.map((l) => (l.text === 'GAIMU' ? { ...l, text: 'TANAKA' } : l));
  const read = readFrontLines(ocrLines(tampered), DocumentType.Passport, MACHINE).visual.document;
  t.not(read.familyName, 'GAIMU', 'a name the front does not show is never copied from the MRZ');
});

t.test('a name and a number glued to their captions are found; a name in a signature does not displace the captioned one', async (t) => {
  const card: LineSpec[] = [
    { text: 'Name/Nom', x: 240, y: 60, h: 22 },
    { text: 'ERIKKSON,ANNA MARIA', x: 270, y: 86, h: 27 },
    { text: 'DocNo./NduDoc', x: 250, y: 245, h: 22 },
    { text: 'DOCD23145890', x: 290, y: 270, h: 22 },
    { text: 'Anna Maria Eriksson', x: 250, y: 316, h: 30 },
  ];
  const { visual } = readFrontLines(ocrLines(card), DocumentType.InternationalId,
    { id: 'D23145890', familyName: 'ERIKSSON', privateName: 'ANNA MARIA' });
  t.equal(visual.document.familyName, 'ERIKKSON', 'the captioned name, one letter from the MRZ\'s, stays');
  t.equal(visual.document.id, 'D23145890');
});

/** A passport page as a photo reads it (4242-1000056, a tuning design): the number's caption lost, the number edited. */
const EDITED_NUMBER: readonly LineSpec[] = [
  { text: 'FRANCE', x: 113, y: 116, h: 43 },
  { text: 'REPUBLIQUE FRANCAISE', x: 636, y: 141, h: 44 },
  { text: 'Typ /Type', x: 139, y: 174, h: 18 },
  { text: 'P', x: 141, y: 191, h: 20 },
  { text: 'FRA', x: 258, y: 188, h: 34 },
  { text: 'OLNFA9VYB', x: 483, y: 195, h: 32 },
  { text: 'HADDAD', x: 152, y: 243, h: 26 },
  { text: 'RENÉE MARIA', x: 164, y: 294, h: 27 },
  { text: 'FRANCE', x: 174, y: 344, h: 32 },
  { text: '06.09.1956', x: 186, y: 393, h: 34 },
  { text: 'IZMIR, TUR', x: 518, y: 386, h: 30 },
  { text: '28.05.2021', x: 197, y: 441, h: 36 },
  { text: '28.05.2031', x: 527, y: 431, h: 33 },
];
const EDITED_MACHINE = { id: 'VHGVM0KLX', dob: '1956-09-06', expires: '2031-05-28', familyName: 'HADDAD', privateName: 'RENEE MARIA' };

t.test('a number the front prints otherwise than the machine, its caption lost, is the one line of the machine number\'s form', async (t) => {
  t.equal(readFrontLines(ocrLines(EDITED_NUMBER), DocumentType.Passport, EDITED_MACHINE).visual.document.id, 'OLNFA9VYB');
  // Without the MRZ no form is known, but the number stands where ICAO 9303 prints it: in the row of the type and the state's code.
  t.equal(readFrontLines(ocrLines(EDITED_NUMBER), DocumentType.Passport).visual.document.id, 'OLNFA9VYB', 'without the MRZ, by its place beside the codes');
  const apart = EDITED_NUMBER.map((l) => (l.text === 'OLNFA9VYB' ? { ...l, y: 260 } : l));
  t.equal(readFrontLines(ocrLines(apart), DocumentType.Passport).visual.document.id, undefined, 'without the MRZ or that row, no number');
  // A second line of that length whose letters and digits stand elsewhere (a discriminator) leaves
  // the number; one of the same pattern (a personal number) leaves both out. A date of nine characters is none.
  const code = [...EDITED_NUMBER, { text: 'AB9876543', x: 518, y: 300, h: 32 }];
  t.equal(readFrontLines(ocrLines(code), DocumentType.Passport, EDITED_MACHINE).visual.document.id, 'OLNFA9VYB');
  const personal = { text: 'ABCDE9FGH', x: 518, y: 300, h: 32 };
  t.equal(readFrontLines(ocrLines([...apart, personal]).filter((l) => l.text !== 'FRA'), DocumentType.Passport, EDITED_MACHINE).visual.document.id, undefined);
  // In the header band, above the names, the number is placed by its place.
  const two = [...EDITED_NUMBER, personal];
  t.equal(readFrontLines(ocrLines(two).filter((l) => l.text !== 'FRA'), DocumentType.Passport, EDITED_MACHINE).visual.document.id, 'OLNFA9VYB');
  // The row of the type and state codes places the number whatever else has its form.
  t.equal(readFrontLines(ocrLines(two), DocumentType.Passport, EDITED_MACHINE).visual.document.id, 'OLNFA9VYB');
  // The number printed twice, alike: one number.
  const twice = [...EDITED_NUMBER, { text: 'OLNFA9VYB', x: 518, y: 300, h: 32 }];
  t.equal(readFrontLines(ocrLines(twice).filter((l) => l.text !== 'FRA'), DocumentType.Passport, EDITED_MACHINE).visual.document.id, 'OLNFA9VYB', 'printed twice alike');
  const dated = EDITED_NUMBER.map((l) => (l.text === 'OLNFA9VYB' ? { ...l, text: '06SEP1956' } : l));
  t.equal(readFrontLines(ocrLines(dated), DocumentType.Passport, EDITED_MACHINE).visual.document.id, undefined);
});

/** A licence whose number's glued caption (`4dDLN`) the capture garbled, its number edited (tuning glued-run, 8686-2000280). */
const GARBLED_CAPTION: readonly LineSpec[] = [
  { text: 'MONTANA', x: 152, y: 97, h: 45 },
  { text: 'DRIVER LICENSE', x: 717, y: 133, h: 24 },
  { text: '4DUN4054431', x: 356, y: 171, h: 28 },
  { text: '30009/18/1948', x: 357, y: 210, h: 28 },
  { text: '02/21/2031', x: 608, y: 212, h: 28 },
  { text: '12 IVANOVA, INES FATIMA', x: 346, y: 287, h: 30 },
  { text: '7484 WASHINGTON BLVD', x: 342, y: 327, h: 26 },
  { text: 'FAIRVILLE, MT 19869', x: 369, y: 356, h: 26 },
  { text: '2H9EM7LM7N7288GH3TD7', x: 331, y: 478, h: 26 },
];

t.test('a number of the machine\'s form after a garbled caption glued to it is the front\'s number', async (t) => {
  const read = (lines: readonly LineSpec[], id: string) => readFrontLines(ocrLines(lines), DocumentType.ID, { id, dob: '1948-09-18' }).visual.document.id;
  t.equal(read(GARBLED_CAPTION, '1999343'), '4054431');
  t.equal(read(GARBLED_CAPTION.map((l) => (l.text === '4DUN4054431' ? { ...l, text: '4054431' } : l)), '1999343'), '4054431', 'or printed alone');
  t.equal(read(GARBLED_CAPTION.filter((l) => l.text !== '4DUN4054431'), '88GH3TD7'), undefined, 'not the end of a longer code');
  const audit = [...GARBLED_CAPTION, { text: 'GTAATMPHNAA2K', x: 331, y: 500, h: 26 }];
  t.equal(read(audit, '1999343'), '4054431', 'nor a code whose end has the number\'s length, but not its digits');
  const noDesignator = GARBLED_CAPTION.map((l) => (l.text === '4DUN4054431' ? { ...l, text: 'DUN4054431' } : l));
  t.equal(read(noDesignator, '1999343'), '4054431', 'a caption without its field number');
  const apart = GARBLED_CAPTION.map((l) => (l.text === '4DUN4054431' ? { ...l, text: 'Lcense Nunbcr 4054431' } : l));
  t.equal(read(apart, '1999343'), '4054431', 'a caption of any length, a space before the number: two boxes joined as one line');
  const inside = GARBLED_CAPTION.map((l) => (l.text === '4DUN4054431' ? { ...l, text: 'Lcense 4054431 Nunbcr' } : l));
  t.equal(read(inside, '1999343'), undefined, 'not inside a line');
  const besideDate = GARBLED_CAPTION.filter((l) => l.text !== '4DUN4054431')
    .map((l) => (l.text === '30009/18/1948' ? { ...l, text: '3 DOB 09/18/1948 4054431' } : l.text === '02/21/2031' ? { ...l, y: 250 } : l));
  t.equal(read(besideDate, '1999343'), '4054431', 'after the date of birth read from the same line');
  t.equal(read(GARBLED_CAPTION, 'A999343'), undefined, 'a number whose letters and digits are not where the machine\'s are');
  t.equal(readFrontLines(ocrLines(GARBLED_CAPTION), DocumentType.ID).visual.document.id, undefined, 'nor without the machine\'s form');
});

t.test('a number inside a longer run of digits is not the machine\'s number', async (t) => {
  const lines: LineSpec[] = [{ text: '5DD1234567890123456', x: 380, y: 580, h: 33 }, { text: 'SMITH', x: 380, y: 300, h: 30 }];
  const { visual } = readFrontLines(ocrLines(lines), DocumentType.ID, { id: '4567890' });
  t.equal(visual.document.id, undefined);
});

t.test('licence captions by meaning: glued, bilingual, other words for the same field', async (t) => {
  const lines: LineSpec[] = [
    { text: 'DRIVER LICENSE', x: 500, y: 40, h: 35 },
    { text: '4dDLND12345678', x: 640, y: 163, h: 46 },
    { text: '3DOB/DDN02/01/1957', x: 640, y: 206, h: 40 },
    { text: 'LNCARDHOLDER', x: 337, y: 263, h: 34 },
    { text: 'FNIMA', x: 337, y: 295, h: 32 },
    { text: '4bEXP/EXP02/01/2018', x: 356, y: 404, h: 44 },
    { text: 'D.O.B.01-05-1948', x: 348, y: 500, h: 38 },
  ];
  const { visual } = readFrontLines(ocrLines(lines), DocumentType.ID);
  t.match(visual.document, { id: 'D12345678', dob: '1957-02-01', expires: '2018-02-01', familyName: 'CARDHOLDER', privateName: 'IMA' });
  const numbers = ['DLI1234568', 'NO.1234567', '4d NUMBER/NUMERO 555-444555', '4dCustID555-444555', '4d IDN 9988776'];
  for (const text of numbers) {
    const read = readFrontLines(ocrLines([{ text, x: 300, y: 100, h: 34 }, { text: 'DRIVER LICENSE', x: 500, y: 20, h: 30 }]), DocumentType.ID);
    t.match(read.visual.document.id, /^[A-Z]?[\d-]+$/, text);
  }
});

t.test('both names after one designator, family first or given first', async (t) => {
  const header = { text: 'DRIVER LICENSE', x: 500, y: 20, h: 30 };
  const familyFirst = readFrontLines(ocrLines([header, { text: '1,2 SMITH, PETER WILLIAM', x: 300, y: 200, h: 30 }]), DocumentType.ID);
  t.match(familyFirst.visual.document, { familyName: 'SMITH', privateName: 'PETER WILLIAM' });
  const givenFirst = readFrontLines(ocrLines([header, { text: '2,1 Brenna Anna Murphy', x: 300, y: 200, h: 30 }]), DocumentType.ID);
  t.match(givenFirst.visual.document, { familyName: 'MURPHY', privateName: 'BRENNA ANNA' });
});

t.test('a names designator alone on its line: the names are on the line under it', async (t) => {
  const lines: LineSpec[] = [
    { text: 'DRIVER LICENSE', x: 500, y: 20, h: 30 },
    { text: '2,1', x: 300, y: 280, h: 15 },
    { text: 'Brenna Anna Murphy', x: 300, y: 298, h: 30 },
  ];
  t.match(readFrontLines(ocrLines(lines), DocumentType.ID).visual.document, { familyName: 'MURPHY', privateName: 'BRENNA ANNA' });
});

t.test('a caption read where a name should be is never reported as the name', async (t) => {
  const line = readFrontLines(ocrLines([{ text: 'SMITH', x: 0, y: 0, h: 30 }]), DocumentType.ID).lines;
  const rules: LabelRule[] = [
    { field: 'familyName', label: label(undefined, 'LAST\\s*NAME|NACHNAME') },
    { field: 'privateName', label: label(undefined, 'GIVEN\\s*NAMES?') },
  ];
  const at = (value: string): Reading => ({ value, start: 0, end: value.length, confidence: 99, line: toFrontLines(line)[0]! });
  const readings = new Map<DocumentField, Reading>([['familyName', at('LAST NAME')], ['privateName', at('ANNA')]]);
  withoutCaptions(readings, rules);
  t.same([...readings.keys()], ['privateName']);
  const german = new Map<DocumentField, Reading>([['familyName', at('Nachname:')], ['privateName', at('GIVEN NAMES OF')]]);
  withoutCaptions(german, rules);
  t.same([...german.keys()], ['privateName'], 'a caption and more is not a caption alone');
});

t.test('a machine date found on the page settles the day-month order of the dates the machine lacks', async (t) => {
  const card: LineSpec[] = [
    { text: 'UNITED STATES OF AMERICA', x: 100, y: 20, h: 24 },
    { text: 'Date of birth', x: 300, y: 100, h: 18 },
    { text: '09.05.1980', x: 300, y: 122, h: 28 },
    { text: 'Date of issue', x: 300, y: 170, h: 18 },
    { text: '05.09.2023', x: 300, y: 192, h: 28 },
  ];
  const guided = readFrontLines(ocrLines(card), DocumentType.GreenCard, { dob: '1980-05-09' }).visual.document;
  t.match(guided, { dob: '1980-05-09', issued: '2023-09-05' });
  const alone = readFrontLines(ocrLines(card), DocumentType.GreenCard).visual.document;
  t.match(alone, { dob: '1980-09-05', issued: '2023-05-09' }, 'without the MRZ, a US card\'s dates read month first');
});

t.test('a name agreeing with the MRZ is sure of its letters, not of a mark the MRZ drops', async (t) => {
  const page: LineSpec[] = [
    { text: 'PASSPORT', x: 130, y: 140, h: 38 },
    { text: 'XS1234567', x: 620, y: 140, h: 36 },
    { text: 'ŽÓŁKIEWSKI', x: 335, y: 195, h: 36 },
    { text: 'JÜRGEN', x: 335, y: 238, h: 36 },
    { text: '20 FEB 1979', x: 340, y: 290, h: 30 },
    { text: '20 MAR 2016', x: 340, y: 428, h: 30 },
  ];
  const machine = { id: 'XS1234567', dob: '1979-02-20', expires: '2016-03-20', familyName: 'ZOLKIEWSKI', privateName: 'JUERGEN' };
  const { visual } = readFrontLines(ocrLines(page), DocumentType.Passport, machine);
  t.equal(visual.document.familyName, 'ŽÓŁKIEWSKI');
  t.ok(visual.confidence.familyName! <= 89, `Ž, Ó: marks no MRZ spells (${visual.confidence.familyName})`);
  t.equal(visual.document.privateName, 'JÜRGEN');
  t.ok(visual.confidence.privateName! >= 90, `Ü is spelled UE: the MRZ vouches for it (${visual.confidence.privateName})`);
});

/** A card whose MRZ cut the given names off where its field ends: NAKAMURA<LINDQVIST<<ELZBIETA<B (TD1, 30 characters). */
const CUT_NAMES: readonly LineSpec[] = [
  { text: '1. Surname/Nom', x: 335, y: 150, h: 24 },
  { text: 'NAKAMURA-LINDQVIST', x: 335, y: 180, h: 36 },
  { text: '2. Given names/Prénoms', x: 335, y: 225, h: 24 },
  { text: 'ELŻBIETA BJÖRG MEI', x: 335, y: 255, h: 36 },
  { text: '11.08.1978', x: 340, y: 330, h: 30 },
];
const CUT_MACHINE = { dob: '1978-08-11', familyName: 'NAKAMURA LINDQVIST', privateName: 'ELZBIETA B' };
const givenRead = (page: readonly LineSpec[], machine = CUT_MACHINE) =>
  readFrontLines(ocrLines(page), DocumentType.InternationalId, machine).visual.document.privateName;

t.test('a name the MRZ cut off where its field ends is reported whole, as its caption\'s value on the front', async (t) => {
  t.equal(givenRead(CUT_NAMES), 'ELŻBIETA BJÖRG MEI');
  // Another name on the front than the MRZ's is reported as the front shows it, for the verdict to weigh.
  t.equal(givenRead(CUT_NAMES.map((l) => (l.text.startsWith('ELŻBIETA') ? { ...l, text: 'MARTA' } : l))), 'MARTA');
});

t.test('a name the MRZ cut off inside a word is found on the front going on past the cut, its caption lost', async (t) => {
  // A photo of a card with two given names: the small caption's end lost, the names read whole.
  const photo = CUT_NAMES.map((l) => (l.text.startsWith('2.') ? { ...l, text: 'Given nan' } : l.text.startsWith('ELŻBIETA') ? { ...l, text: 'Elżbieta Björg' } : l));
  const found = findMachineValues(toFrontLines(ocrLines(photo)), CUT_MACHINE).readings.get('privateName');
  t.equal(found?.value, 'ELŻBIETA BJÖRG', 'the run on past the cut, not ELŻBIETA alone (one letter from ELZBIETAB)');
  t.ok(found!.confidence <= 89, `the letters past the cut are vouched for by nothing (${found?.confidence})`);
  t.equal(givenRead(photo), 'ELŻBIETA BJÖRG');
  // Names that leave the MRZ's field room were not cut: a longer name on the front is not theirs.
  const roomy = { ...CUT_MACHINE, familyName: 'LINDQVIST' };
  t.equal(findMachineValues(toFrontLines(ocrLines(photo)), roomy).readings.get('privateName')?.value, 'ELŻBIETA',
    'only the word one letter from ELZBIETAB');
});
