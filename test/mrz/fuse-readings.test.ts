/**
 * Fusing two readings of one band: per position the character likelier over both stands, and the
 * check digits correct the fused reading again.
 */
import t from 'tap';
import { ALPHABET } from '../../pipeline/mrz/alphabet.js';
import { correctByChecks } from '../../pipeline/mrz/correct-by-checks.js';
import type { PositionReading } from '../../pipeline/mrz/ctc-constrained.js';
import { fuse } from '../../pipeline/mrz/fuse-readings.js';
import { LAYOUTS } from '../../pipeline/mrz/layout.js';
import type { BandReading } from '../../pipeline/mrz/band-reading.js';
import { encodeMrz, type MrzFields } from '../fixtures/mrz-encode.js';

const UTOPIA: MrzFields = {
  documentCode: 'P', issuingState: 'UTO', familyName: 'Eriksson', givenNames: 'Anna Maria', documentNumber: 'L898902C3',
  nationality: 'UTO', birthDate: '1974-08-12', sex: 'F', expiryDate: '2012-04-15', optional1: 'ZE184226B',
};
const TD3 = encodeMrz(UTOPIA, 'TD3');

/** A position read as `read` with probability p, the rest going to `other`. */
function position(read: string, p: number, other: string): PositionReading {
  const candidates = [{ index: ALPHABET.indexOf(read), p }, { index: ALPHABET.indexOf(other), p: 1 - p }].sort((a, b) => b.p - a.p);
  return { index: ALPHABET.indexOf(read), p, candidates };
}

/** A TD3 reading of the truth, except that `changes` put other characters at [line, at]. */
function reading(changes: { line: number; at: number; read: string; p: number }[]): BandReading {
  const positions = TD3.map((line, l) => [...line].map((c, at) => {
    const change = changes.find((x) => x.line === l && x.at === at);
    return change ? position(change.read, change.p, c) : position(c, 0.97, c === '<' ? 'K' : '<');
  }));
  const corrected = correctByChecks(LAYOUTS.TD3, positions);
  return { ...corrected, format: 'TD3', score: -10, likeness: 0.98, positions };
}

t.test('an unchecked name character misread in one reading is put right by the other', async (t) => {
  // The filler between given names read as K, doubtfully, in one reading; surely a filler in the other.
  const cut = reading([{ line: 0, at: 19, read: 'K', p: 0.55 }]);
  const whole = reading([]);
  t.equal(cut.lines[0]![19], 'K', 'no check covers a name');
  const fused = fuse(cut, whole);
  t.same(fused?.lines, TD3);
  t.same(fused?.failed, []);
});

t.test('a digit misread in each reading at different places: both put right', async (t) => {
  const cut = reading([{ line: 1, at: 13, read: '9', p: 0.6 }]);
  const whole = reading([{ line: 1, at: 21, read: '8', p: 0.6 }]);
  const fused = fuse(cut, whole);
  t.same(fused?.lines, TD3);
  t.same(fused?.failed, []);
  t.same(fused?.corrections, []);
});

t.test('readings of different layouts are not fused', async (t) => {
  t.equal(fuse(reading([]), { ...reading([]), format: 'TD2' }), null);
});
