import t from 'tap';
import type { CheckSpec } from '../../pipeline/mrz/layout.js';
import { doubtfulFailure } from '../../pipeline/mrz/reader.js';

/** TD3 line 2's birth-date check (digits 13–18, check digit at 19) and a composite over 0–42. */
const CHECKS: CheckSpec[] = [
  { name: 'birthDate', line: 1, at: 19, spans: [{ line: 1, start: 13, end: 19 }] },
  { name: 'composite', line: 1, at: 43, spans: [{ line: 1, start: 0, end: 43 }] },
];
const sure = (): number[][] => [Array<number>(44).fill(0.99), Array<number>(44).fill(0.99)];

t.test('a check failing over characters read surely is the document\'s (ItsFake)', async (t) => {
  t.equal(doubtfulFailure({ checks: CHECKS, failed: ['birthDate', 'composite'], probs: sure() }), false);
});

t.test('a check failing over a doubtful character is the photo\'s (MRZOCRError)', async (t) => {
  const probs = sure();
  probs[1]![15] = 0.3;
  t.equal(doubtfulFailure({ checks: CHECKS, failed: ['birthDate', 'composite'], probs }), true, 'inside both failing spans');
  t.equal(doubtfulFailure({ checks: CHECKS, failed: ['composite'], probs }), true, 'the composite alone');
});

t.test('every failing check must hold a doubtful character', async (t) => {
  const probs = sure();
  probs[1]![30] = 0.3; // in the composite's span, not the birth date's
  t.equal(doubtfulFailure({ checks: CHECKS, failed: ['birthDate', 'composite'], probs }), false);
});

t.test('nothing failing is nothing doubtful', async (t) => {
  const probs = sure();
  probs[1]![15] = 0.1;
  t.equal(doubtfulFailure({ checks: CHECKS, failed: [], probs }), false);
});
