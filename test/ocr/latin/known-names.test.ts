import t from 'tap';
import { charsetOf } from '../../../pipeline/ocr/charset.js';
import { ctcGreedy } from '../../../pipeline/ocr/ctc-decode.js';
import { asKnownName } from '../../../pipeline/ocr/latin/known-names.js';
import type { LineProbabilities } from '../../../pipeline/ocr/recognizer.js';

const CHARS = ['', 'L', 'I', 'U', 'W', 'M', 'E'];

/** A line whose frames favour one class each, `p` of them, and give the rest to others as `rest` says. */
function lineOf(rows: Record<string, number>[]): LineProbabilities {
  const probs = rows.flatMap((row) => {
    const given = Object.values(row).reduce((s, p) => s + p, 0);
    const others = CHARS.filter((c) => row[c || '_'] === undefined);
    return CHARS.map((c) => row[c || '_'] ?? (1 - given) / others.length);
  });
  return { steps: rows.length, classes: CHARS.length, charset: charsetOf(CHARS), probs: Float32Array.from(probs) };
}

t.test('a doubtful line that the frames allow to be a known name reads as that name', async (t) => {
  // LI read as U at 0.5 and 0.45, the L and the I close behind.
  const probs = lineOf([{ _: 0.9 }, { U: 0.5, L: 0.35 }, { U: 0.45, I: 0.4 }, { _: 0.9 }]);
  const greedy = ctcGreedy(probs);
  t.equal(greedy.text, 'U');
  const named = asKnownName(probs, greedy, ['LI', 'WEI'])!;
  t.equal(named.text, 'LI');
  t.same(named.spans, [[1, 1], [2, 2]]);
  t.ok(named.confidence < 0.5, 'read no surer than its frames say');
});

t.test('a line read surely, or one a known name does not explain, stays as read', async (t) => {
  const sure = lineOf([{ _: 0.9 }, { W: 0.95 }, { _: 0.9 }, { E: 0.95 }, { _: 0.9 }]);
  t.equal(asKnownName(sure, ctcGreedy(sure), ['LI', 'MEI']), undefined, 'WE at 0.95 is no doubt');
  // A different name printed (the forgery the verdict looks for), blurred: each frame votes for its own letter.
  const other = lineOf([{ W: 0.6, _: 0.3 }, { _: 0.9 }, { E: 0.6, _: 0.3 }]);
  t.equal(ctcGreedy(other).text, 'WE');
  t.equal(asKnownName(other, ctcGreedy(other), ['LI']), undefined, 'LI lies far behind WE');
  t.equal(asKnownName(other, ctcGreedy(other), []), undefined, 'no names known');
  t.equal(asKnownName(sure, { ...ctcGreedy(sure), text: 'LI', confidence: 0.4 }, ['LI']), undefined, 'already the name');
});

/** A line over `chars` (blank first) from rows of probabilities. */
function rowsLine(chars: string[], rows: number[][]): LineProbabilities {
  return { steps: rows.length, classes: chars.length, charset: charsetOf(chars), probs: Float32Array.from(rows.flat()) };
}

t.test('a sure line takes the marks of the letters its frames favour where the MRZ spells a letter out', async (t) => {
  const chars = ['', 'S', 'O', 'N', 'Ø', 'Ö', 'E', 's', 'o', 'n', 'ø', 'ö', 'e'];
  // S, then an O read surely with the stroke of Ø (or the dots of Ö) second, then N.
  const line = (stroke: number, dots: number) => rowsLine(chars, [
    [0.02, 0.96, 0, 0, 0, 0, 0, 0.02, 0, 0, 0, 0, 0],
    [0.98, 0.01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.01],
    [0.01, 0, 0.98 - stroke - dots, 0, stroke, dots, 0, 0, 0.01, 0, 0, 0, 0],
    [0.98, 0, 0, 0.01, 0, 0, 0, 0, 0, 0, 0, 0, 0.01],
    [0.02, 0, 0, 0.96, 0, 0, 0, 0, 0, 0.02, 0, 0, 0],
  ]);
  const stroked = line(0.03, 0.005);
  t.equal(ctcGreedy(stroked).text, 'SON');
  t.equal(asKnownName(stroked, ctcGreedy(stroked), ['SOEN'])?.text, 'SØN', 'an O over OE with the stroke second is Ø');
  const dotted = line(0.005, 0.03);
  t.equal(asKnownName(dotted, ctcGreedy(dotted), ['SOEN'])?.text, 'SÖN', 'with the dots second, Ö');
  t.equal(asKnownName(stroked, { ...ctcGreedy(stroked), text: 'Son' }, ['SOEN'])?.text, 'Søn', 'the line keeps its case');
  t.equal(asKnownName(stroked, ctcGreedy(stroked), ['SON']), undefined, 'where the MRZ spells a plain O, the O stays');
  t.equal(asKnownName(stroked, ctcGreedy(stroked), ['SEN']), undefined, 'a sure line with other letters than the name stays as read');
});

t.test('a doubtful line with the name\'s letters takes their marks as a sure one does, however far the name lies behind', async (t) => {
  const chars = ['', 'S', 'O', 'N', 'Ø', 'Ö', 'E', 'Ó'];
  // SON read at about 0.6 a letter, its O with the stroke of Ø second: the MRZ's SOEN.
  const line = rowsLine(chars, [
    [0.1, 0.6, 0, 0, 0, 0, 0.3, 0], [0.98, 0.01, 0, 0, 0, 0, 0.01, 0],
    [0.1, 0, 0.6, 0, 0.02, 0, 0, 0.28], [0.98, 0, 0.01, 0, 0, 0, 0.01, 0],
    [0.1, 0, 0, 0.6, 0, 0, 0.3, 0],
  ]);
  const read = ctcGreedy(line);
  t.equal(read.text, 'SON');
  t.ok(read.confidence < 0.9, `doubtful: ${read.confidence}`);
  t.equal(asKnownName(line, read, ['SOEN'])?.text, 'SØN', 'the Ø of the name\'s printed forms, not the Ó the frames favour more');
});

t.test('a sure line keeps a mark the MRZ does not spell out', async (t) => {
  const chars = ['', 'M', 'O', 'Ö', 'L'];
  // MÖL read surely; an MRZ that spells the Ö as a plain O (MOL) does not take its dots.
  const line = rowsLine(chars, [[0.02, 0.97, 0.005, 0.005, 0], [0.98, 0, 0.01, 0.01, 0], [0.02, 0, 0.1, 0.87, 0.01], [0.98, 0, 0, 0, 0.02], [0.02, 0, 0, 0, 0.98]]);
  t.equal(ctcGreedy(line).text, 'MÖL');
  t.equal(asKnownName(line, ctcGreedy(line), ['MOL']), undefined);
});

t.test('a sure line of other letters is no name, however a spelled-out pair would fit its length', async (t) => {
  const chars = ['', 'S', 'O', 'E', 'N', 'Ö', '7', 'H', '2'];
  // 7H2 read surely; SOEN spelt with Ö for OE is three letters long too.
  const line = rowsLine(chars, [[0.02, 0, 0, 0, 0, 0, 0.98, 0, 0], [0.98, 0, 0, 0, 0, 0, 0.02, 0, 0], [0.02, 0, 0.01, 0, 0, 0, 0, 0.97, 0],
    [0.98, 0, 0, 0, 0, 0, 0, 0.02, 0], [0.02, 0, 0, 0, 0.01, 0, 0, 0, 0.97]]);
  t.equal(ctcGreedy(line).text, '7H2');
  t.equal(asKnownName(line, ctcGreedy(line), ['SOEN']), undefined);
});
