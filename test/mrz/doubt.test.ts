import t from 'tap';
import { ALPHABET } from '../../pipeline/mrz/alphabet.js';
import { correctByChecks } from '../../pipeline/mrz/correct-by-checks.js';
import type { PositionReading } from '../../pipeline/mrz/ctc-constrained.js';
import { doubtfulFailure, firstReadingStands, linesInDoubt, mrzLike } from '../../pipeline/mrz/doubt.js';
import { LAYOUTS, type CheckSpec } from '../../pipeline/mrz/layout.js';
import type { BandReading } from '../../pipeline/mrz/band-reading.js';

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

/** The ICAO 9303 specimen passport (Utopia), TD3. */
const UTOPIA = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

/** A TD3 reading of UTOPIA, read surely except where `doubts` give a position's candidates. */
function reading(doubts: { line: number; at: number; candidates: [string, number][] }[]): BandReading {
  const positions: PositionReading[][] = UTOPIA.map((line, l) => [...line].map((c, at) => {
    const doubt = doubts.find((d) => d.line === l && d.at === at);
    const candidates = (doubt?.candidates ?? [[c, 0.97]]).map(([char, p]) => ({ index: ALPHABET.indexOf(char), p }));
    return { index: candidates[0]!.index, p: candidates[0]!.p, candidates };
  }));
  return { ...correctByChecks(LAYOUTS.TD3, positions), format: 'TD3', score: -10, likeness: 0.98, positions };
}

t.test('a doubtful digit that every alternative would make fail its check is not read again', async (t) => {
  // The birth date's 0 (line 2, position 15), its alternative 6 read nearly as often.
  t.same(linesInDoubt(reading([{ line: 1, at: 15, candidates: [['0', 0.45], ['6', 0.35]] }])), []);
});

t.test('a doubtful character no check covers is read again: its line alone', async (t) => {
  // The filler between the given names, or a K.
  t.same(linesInDoubt(reading([{ line: 0, at: 19, candidates: [['<', 0.45], ['K', 0.4]] }])), [0]);
});

t.test('a doubtful letter is read again where its alternative passes the checks too', async (t) => {
  // C (12) and M (22) weigh alike modulo 10: the document number's check cannot tell them apart …
  t.same(linesInDoubt(reading([{ line: 1, at: 7, candidates: [['C', 0.45], ['M', 0.3]] }])), [1]);
  // … but an alternative the recogniser hardly gave is not one.
  t.same(linesInDoubt(reading([{ line: 1, at: 7, candidates: [['C', 0.45], ['M', 0.01]] }])), []);
});

t.test('a reading whose checks fail is read again whole', async (t) => {
  const failing = reading([{ line: 1, at: 13, candidates: [['9', 0.9]] }]);
  t.same(failing.failed, ['birthDate', 'composite']);
  t.same(linesInDoubt(failing), [0, 1]);
});

t.test('an MRZ reads as one; text upside down, with its low probabilities, does not', async (t) => {
  t.equal(mrzLike({ likeness: 0.98, probs: sure() }), true);
  t.equal(mrzLike({ likeness: 0.98, probs: [Array<number>(44).fill(0.2), Array<number>(44).fill(0.2)] }), false);
  t.equal(mrzLike({ likeness: 0.5, probs: sure() }), false);
});

t.test('tiny\'s first reading stands only where it is sure of every character no check vouches for', async (t) => {
  t.equal(firstReadingStands(reading([])), true, 'read surely');
  // A given name's letter at 0.6: small would not read it again (0.5), but tiny's reading needs 0.7.
  t.equal(firstReadingStands(reading([{ line: 0, at: 15, candidates: [['A', 0.6], ['H', 0.3]] }])), false, 'a name letter at 0.6');
  t.equal(firstReadingStands(reading([{ line: 0, at: 15, candidates: [['A', 0.8], ['H', 0.15]] }])), true, 'a name letter at 0.8');
  // A doubtful digit the birth date's check vouches for does not send the band to small.
  t.equal(firstReadingStands(reading([{ line: 1, at: 15, candidates: [['0', 0.55], ['6', 0.35]] }])), true, 'a vouched digit');
  t.equal(firstReadingStands(reading([{ line: 1, at: 13, candidates: [['9', 0.9]] }])), false, 'a failing check');
  t.equal(firstReadingStands({ ...reading([]), likeness: 0.5 }), false, 'not MRZ-like');
  // A filler of the padding read as a letter, surely: no name stands after three fillers.
  const padded = reading([{ line: 0, at: 35, candidates: [['A', 0.8], ['<', 0.15]] }]);
  t.equal(padded.lines[0], 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<A<<<<<<<<');
  t.equal(firstReadingStands(padded), false, 'a letter in the padding');
});
