/**
 * The name field's padding: a letter read after three fillers in a row becomes a filler where the
 * recogniser gave the filler real support; letters inside the names, and a letter after padding
 * with no support for a filler, stay as read.
 */
import t from 'tap';
import { ALPHABET } from '../../pipeline/mrz/alphabet.js';
import { correctNamePadding } from '../../pipeline/mrz/correct-name-padding.js';
import { correctReading } from '../../pipeline/mrz/correct-state-codes.js';
import type { PositionReading } from '../../pipeline/mrz/ctc-constrained.js';
import { LAYOUTS } from '../../pipeline/mrz/layout.js';
import { encodeMrz, type MrzFields } from '../fixtures/mrz-encode.js';

const UTOPIA: MrzFields = {
  documentCode: 'P', issuingState: 'UTO', familyName: 'Eriksson', givenNames: 'Anna Maria', documentNumber: 'L898902C3',
  nationality: 'UTO', birthDate: '1974-08-12', sex: 'F', expiryDate: '2012-04-15', optional1: 'ZE184226B',
};

/** A position read as `read` with probability p, `other` taking `q`. */
function position(read: string, p: number, other: string, q: number): PositionReading {
  const candidates = [{ index: ALPHABET.indexOf(read), p }, { index: ALPHABET.indexOf(other), p: q }].sort((a, b) => b.p - a.p);
  return { index: ALPHABET.indexOf(read), p, candidates };
}

/** The lines read surely, except that `changes` put other characters at [line, at]. */
function readings(lines: readonly string[], changes: { line: number; at: number; read: string; p: number; filler: number }[]): PositionReading[][] {
  return lines.map((line, l) => [...line].map((c, at) => {
    const change = changes.find((x) => x.line === l && x.at === at);
    return change ? position(change.read, change.p, '<', change.filler) : position(c, 0.98, c === '<' ? 'K' : '<', 0.005);
  }));
}

t.test('a letter after the padding of a TD3 name field, where the filler has support, is a filler', async (t) => {
  const truth = encodeMrz(UTOPIA, 'TD3');
  const read = correctReading(LAYOUTS.TD3, readings(truth, [{ line: 0, at: 43, read: 'O', p: 0.1, filler: 0.08 }]));
  t.same(read.lines, truth);
  t.same(read.corrections, [{ line: 0, at: 43, from: 'O', to: '<', by: 'padding' }]);
  t.ok(read.probs[0]![43]! < 0.5, 'the filler put in is doubtful: its share against the letter');
});

t.test('a TD1 name line padded after its names gets its fillers back', async (t) => {
  const truth = encodeMrz({ ...UTOPIA, documentCode: 'I' }, 'TD1');
  const read = correctReading(LAYOUTS.TD1, readings(truth, [
    { line: 2, at: 25, read: 'C', p: 0.5, filler: 0.3 }, { line: 2, at: 27, read: 'E', p: 0.6, filler: 0.2 },
  ]));
  t.same(read.lines, truth);
  t.same(read.corrections.map((c) => c.at), [25, 27]);
});

t.test('letters inside the names, or with no support for a filler, stay as read', async (t) => {
  const truth = encodeMrz(UTOPIA, 'TD3');
  // ERIKSSON<<ANNA<MARIA: the single and double fillers between names are no padding.
  const inside = correctReading(LAYOUTS.TD3, readings(truth, [{ line: 0, at: 16, read: 'K', p: 0.4, filler: 0.3 }]));
  t.equal(inside.lines[0]![16], 'K');
  const unsupported = readings(truth, [{ line: 0, at: 40, read: 'E', p: 0.99, filler: 0.001 }]);
  t.equal(correctReading(LAYOUTS.TD3, unsupported).lines[0]![40], 'E', 'a letter read surely stays: the reading is no MRZ name field');
  const reading = { lines: truth.slice(), probs: truth.map((l) => [...l].map(() => 0.98)), corrections: [], failed: [], checks: [] };
  t.equal(correctNamePadding(reading, 'TD3', readings(truth, [])), reading, 'nothing to change: the same reading');
});
