import t from 'tap';
import { lineLetters } from '../../pipeline/ocr/line-letters.js';
import { restoreSpaces } from '../../pipeline/ocr/word-spaces.js';
import { drawnLine } from './drawn-line.js';

t.test('a word space wide in the ink is put back between the two capitals either side', async (t) => {
  const { page, quad, decoded } = drawnLine('MAXIMILIANE PRIYA', 3, 16);
  const restored = restoreSpaces(lineLetters(page, quad), decoded);
  t.equal(restored.text, 'MAXIMILIANE PRIYA');
  t.equal(restored.chars.length, restored.text.length, 'a probability for every character, the space too');
  t.equal(restored.spans.length, restored.text.length);
});

t.test('after a full stop too; a hyphen between words is a mark, not a space to add', async (t) => {
  const dotted = drawnLine('ST. JOHN', 3, 16);
  t.equal(restoreSpaces(lineLetters(dotted.page, dotted.quad), dotted.decoded).text, 'ST. JOHN');
  const hyphen = drawnLine('MARY-KATE', 3, 16);
  t.equal(restoreSpaces(lineLetters(hyphen.page, hyphen.quad), hyphen.decoded).text, 'MARY-KATE');
});

t.test('evenly set letters get no space, nor does a line whose gaps are all wide', async (t) => {
  const tight = drawnLine('MAXIMILIANE', 3, 16);
  t.equal(restoreSpaces(lineLetters(tight.page, tight.quad), tight.decoded).text, 'MAXIMILIANE');
  // Letter-spaced capitals (12 px apart): no gap stands out from the others.
  const spaced = drawnLine('HANA', 12, 16);
  t.equal(restoreSpaces(lineLetters(spaced.page, spaced.quad), spaced.decoded).text, 'HANA');
});

t.test('a gap of 0.3 cap heights standing alone is a space where the letters touch, not where they stand apart', async (t) => {
  // Cap height 30: a gap of 9 px (0.3 caps) between letters set 1 px apart; the same gap between letters 4 px apart is not.
  const tight = drawnLine('ED JOSE', 1, 9);
  t.equal(restoreSpaces(lineLetters(tight.page, tight.quad), tight.decoded).text, 'ED JOSE');
  const loose = drawnLine('ED JOSE', 4, 9);
  t.equal(restoreSpaces(lineLetters(loose.page, loose.quad), loose.decoded).text, 'EDJOSE');
  const narrow = drawnLine('ED JOSE', 1, 6);
  t.equal(restoreSpaces(lineLetters(narrow.page, narrow.quad), narrow.decoded).text, 'EDJOSE', '0.2 caps is a wide letter gap');
});

t.test('gaps of 0.3 caps set evenly between small letters are no spaces: only a gap standing alone is', async (t) => {
  // Letters 9 px apart in a row of 1 px gaps: each wide gap has a wide neighbour.
  const { page, quad, decoded } = drawnLine('A B C DEFGH', 1, 9);
  t.equal(restoreSpaces(lineLetters(page, quad), decoded).text, 'ABCDEFGH');
});

t.test('a space beside letters that blur ran together goes between the letters at the blobs\' edges', async (t) => {
  // Letters in touching pairs (one blob each, 2 px between pairs), words 9 px (0.3 caps) apart.
  const { page, quad, decoded } = drawnLine('ANNA ELZBIETA ASA', 2, 9, { gapAfter: (n) => (n % 2 === 0 ? 0 : 2) });
  t.equal(restoreSpaces(lineLetters(page, quad), decoded).text, 'ANNA ELZBIETA ASA');
});

t.test('a narrow gap standing alone beside a word space is a space too', async (t) => {
  // ÅSA, run together into one blob, between a 9 px gap (0.3 caps) and a full word space: the
  // gaps either side of the narrow one are then the space and a 1 px letter gap.
  const { page, quad, decoded } = drawnLine('MAXIMILIANE ASA FATIMA', 1, 9, { spaces: [9, 16], gapAfter: (n) => (n === 11 || n === 12 ? 0 : 1) });
  t.equal(restoreSpaces(lineLetters(page, quad), decoded).text, 'MAXIMILIANE ASA FATIMA');
});
