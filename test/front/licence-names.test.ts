import t from 'tap';
import { DocumentType } from '../../common/document.js';
import { readFrontLines } from '../../pipeline/front/read-front.js';
import { ocrLines, type LineSpec } from './ocr-lines.js';

/**
 * A licence front in the AAMVA design, read with no barcode: the names are found by their
 * designators and their place alone (`machine` empty), never by a machine-readable value.
 */
const HEAD: readonly LineSpec[] = [
  { text: 'NEVADA', x: 90, y: 70, h: 60 },
  { text: 'DRIVER LICENSE', x: 480, y: 90, h: 28 },
  { text: '4d DLN 123456789', x: 330, y: 160, h: 30 },
  { text: '3 DOB 07/04/1980', x: 330, y: 195, h: 30 },
  { text: '4b EXP 07/04/2030', x: 600, y: 195, h: 30 },
];
const ADDRESS: readonly LineSpec[] = [
  { text: '8 123 MAIN STREET', x: 330, y: 330, h: 30 },
  { text: 'CARSON CITY, NV 89701', x: 352, y: 362, h: 30 },
];
const front = (names: readonly LineSpec[]) =>
  readFrontLines(ocrLines([...HEAD, ...names, ...ADDRESS]), DocumentType.ID, {}).visual.document;

t.test('a `1,2 FAMILY, GIVEN` line read unguided: the family name before the comma, the given names after it', async (t) => {
  t.match(front([{ text: '1,2 RIVERA, ANA MARIA', x: 330, y: 250, h: 30 }]), { familyName: 'RIVERA', privateName: 'ANA MARIA' });
});

t.test('a `2,1 Given Family` line read unguided: the family name is the last word', async (t) => {
  t.match(front([{ text: '2,1 Ana Rivera', x: 330, y: 250, h: 30 }]), { familyName: 'RIVERA', privateName: 'ANA' });
});

t.test('one `1,2` designator over two name lines: family name first, the given names stacked under it', async (t) => {
  const doc = front([{ text: '1,2 RIVERA', x: 330, y: 240, h: 30 }, { text: 'ANA MARIA', x: 352, y: 272, h: 30 }]);
  t.match(doc, { familyName: 'RIVERA', privateName: 'ANA MARIA' });
});

t.test('numbered name lines, given names first, found by their numbers; a suffix after a comma stays with the given names', async (t) => {
  const doc = front([{ text: '2 CONNOR M, JR', x: 330, y: 240, h: 30 }, { text: '1 SAMPLE', x: 330, y: 272, h: 30 }]);
  t.match(doc, { familyName: 'SAMPLE', privateName: 'CONNOR M, JR' });
});

t.test('an overprint standing upright at the card\'s edge is no name; a family name that reads SAMPLE is', async (t) => {
  const names: LineSpec[] = [
    { text: 'SAMPLE', x: 85, y: 180, w: 24, h: 200 },
    { text: 'SAMPLE', x: 330, y: 240, h: 30 },
    { text: 'JANE', x: 330, y: 272, h: 30 },
  ];
  t.match(front(names), { familyName: 'SAMPLE', privateName: 'JANE' });
  // With the printed family name lost, the overprint does not take its place.
  t.equal(front(names.filter((l) => l.x !== 330 || l.text !== 'SAMPLE')).familyName, undefined);
});

t.test('two name lines without numbers: the holder\'s signature, whose last word is the family name, decides their order', async (t) => {
  const signature: LineSpec = { text: 'Ana Rivera', x: 80, y: 420, w: 200, h: 50, confidence: 0.85 };
  const givenFirst: LineSpec[] = [{ text: 'ANA', x: 330, y: 240, h: 30 }, { text: 'RIVERA', x: 330, y: 272, h: 30 }];
  t.match(front([...givenFirst, signature]), { familyName: 'RIVERA', privateName: 'ANA' });
  // The family name printed first, as the AAMVA design numbers it: the signature agrees, nothing moves.
  const familyFirst: LineSpec[] = [{ text: 'RIVERA', x: 330, y: 240, h: 30 }, { text: 'ANA', x: 330, y: 272, h: 30 }];
  t.match(front([...familyFirst, signature]), { familyName: 'RIVERA', privateName: 'ANA' });
  // Without a signature read, the design's order stands.
  t.match(front(givenFirst), { familyName: 'ANA', privateName: 'RIVERA' });
  // A signature in capitals is print (the name again elsewhere on the card), not handwriting.
  t.match(front([...givenFirst, { ...signature, text: 'ANA RIVERA' }]), { familyName: 'ANA' });
});

t.test('one name line, given names first: cut before its last word where the signature ends in that word', async (t) => {
  const line: LineSpec = { text: 'ANA M. RIVERA', x: 330, y: 272, h: 30 };
  t.match(front([line, { text: 'Ana M Rivera', x: 80, y: 420, w: 220, h: 50, confidence: 0.85 }]), { familyName: 'RIVERA', privateName: 'ANA M.' });
  // A stroke read as another letter still signs the name; another name does not.
  t.match(front([line, { text: 'Ana Riveca', x: 80, y: 420, w: 220, h: 50, confidence: 0.85 }]), { familyName: 'RIVERA' });
  t.equal(front([line, { text: 'Ana Morales', x: 80, y: 420, w: 220, h: 50, confidence: 0.85 }]).familyName, undefined);
  t.equal(front([line]).familyName, undefined);
  // A comma says the family name comes first: no such cut.
  t.not(front([{ ...line, text: 'RIVERA, ANA M.' }, { text: 'Ana Rivera', x: 80, y: 420, w: 220, h: 50, confidence: 0.85 }]).familyName, 'ANA M.');
});

t.test('one name line with a comma and no designator read: the family name before the comma, the given names after it', async (t) => {
  t.match(front([{ text: 'ZOLKIEWSKI, MAXIMILIANE BJORG', x: 330, y: 260, h: 30 }]), { familyName: 'ZOLKIEWSKI', privateName: 'MAXIMILIANE BJORG' });
  // A suffix after the comma is the given names' own: no family name is made of them.
  t.equal(front([{ text: 'CONNOR M, JR', x: 330, y: 260, h: 30 }]).familyName, undefined);
});
