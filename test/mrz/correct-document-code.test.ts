/**
 * A document code's first letter that its layout does not allow becomes the allowed letter the
 * recogniser supported most there; with no support for one, it stays as read.
 */
import t from 'tap';
import { ALPHABET } from '../../pipeline/mrz/alphabet.js';
import { correctReading } from '../../pipeline/mrz/correct-state-codes.js';
import type { PositionReading } from '../../pipeline/mrz/ctc-constrained.js';
import { LAYOUTS } from '../../pipeline/mrz/layout.js';

const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];

function position(read: string, p: number, others: [string, number][]): PositionReading {
  const candidates = [{ index: ALPHABET.indexOf(read), p }, ...others.map(([c, q]) => ({ index: ALPHABET.indexOf(c), p: q }))].sort((a, b) => b.p - a.p);
  return { index: ALPHABET.indexOf(read), p, candidates };
}

function readings(first: PositionReading): PositionReading[][] {
  return TD1.map((line, l) => [...line].map((c, at) => (l === 0 && at === 0 ? first : position(c, 0.98, []))));
}

t.test('an I read as Z on a card becomes the I the recogniser gave support', async (t) => {
  const read = correctReading(LAYOUTS.TD1, readings(position('Z', 0.55, [['I', 0.3], ['2', 0.1]])));
  t.same(read.lines, TD1);
  t.same(read.corrections, [{ line: 0, at: 0, from: 'Z', to: 'I', by: 'document-code' }]);
});

t.test('the likeliest allowed letter is taken, and none without support', async (t) => {
  t.equal(correctReading(LAYOUTS.TD1, readings(position('Z', 0.5, [['I', 0.05], ['C', 0.2]]))).lines[0]![0], 'C');
  t.equal(correctReading(LAYOUTS.TD1, readings(position('Z', 0.99, [['I', 0.001]]))).lines[0]![0], 'Z', 'no support: as read');
  t.equal(correctReading(LAYOUTS.TD1, readings(position('I', 0.9, [['Z', 0.05]]))).corrections.length, 0, 'an allowed letter stays');
});
