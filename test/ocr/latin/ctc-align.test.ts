import t from 'tap';
import { charsetOf } from '../../../pipeline/ocr/charset.js';
import { alignSpelling, alignText, bestPathLogProbability } from '../../../pipeline/ocr/latin/ctc-align.js';
import { ctcGreedy } from '../../../pipeline/ocr/ctc-decode.js';
import type { LineProbabilities } from '../../../pipeline/ocr/recognizer.js';

/** A line from rows of probabilities over `chars` (the blank first). */
function lineOf(chars: string[], rows: number[][]): LineProbabilities {
  return { steps: rows.length, classes: chars.length, charset: charsetOf(chars), probs: Float32Array.from(rows.flat()) };
}

/** A short LI read as U: the U wins its frames, the L and the I come second. Classes: blank, L, I, U, l. */
const LI = lineOf(['', 'L', 'I', 'U', 'l'], [
  [0.9, 0.03, 0.03, 0.03, 0.01],
  [0.1, 0.3, 0.05, 0.5, 0.05],
  [0.1, 0.05, 0.35, 0.45, 0.05],
  [0.9, 0.03, 0.03, 0.03, 0.01],
]);

t.test('the best path spelling a text lies behind the best path of all by how much less its frames hold it', async (t) => {
  t.equal(ctcGreedy(LI).text, 'U');
  const best = bestPathLogProbability(LI);
  const read = alignText(LI, 'U')!;
  t.ok(Math.abs(best - read.logProbability) < 1e-6, 'the greedy reading is the best path');
  const li = alignText(LI, 'LI')!;
  // L in either case (0.3 + 0.05) on frame 1, I (0.35) on frame 2, against U's 0.5 and 0.45.
  t.ok(Math.abs(best - li.logProbability - Math.log((0.5 * 0.45) / (0.35 * 0.35))) < 1e-5, `gap ${best - li.logProbability}`);
  t.same(li.spans, [[1, 1], [2, 2]], 'each character keeps its frames');
  t.same(li.chars.map((p) => Math.round(p * 100)), [35, 35], 'and its probability, the letter in either case');
  // I (0.05) on frame 1 and L (0.1) on frame 2.
  t.ok(Math.abs(best - alignText(LI, 'IL')!.logProbability - Math.log((0.5 * 0.45) / (0.05 * 0.1))) < 1e-5, 'letters their frames do not hold lie far behind');
});

t.test('a doubled letter needs a blank between its runs, and a text longer than the frames allow has no path', async (t) => {
  const line = lineOf(['', 'L', 'I', 'U', 'l'], [[0.1, 0.8, 0.05, 0.04, 0.01], [0.1, 0.8, 0.05, 0.04, 0.01], [0.1, 0.8, 0.05, 0.04, 0.01]]);
  const doubled = alignText(line, 'LL')!;
  t.same(doubled.spans, [[0, 0], [2, 2]], 'the middle frame is the blank');
  t.equal(alignText(line, 'LLL'), undefined, 'three L need five frames');
  t.equal(alignText(line, 'LX'), undefined, 'X is no class of the charset');
  t.equal(alignText(line, ''), undefined);
});

t.test('a spelling that allows several classes for a character spells it as its frames favour', async (t) => {
  // Classes: blank, R, A, Ř, Á. Frame 0: Ř ahead of R; frame 2: A ahead of Á.
  const line = lineOf(['', 'R', 'A', 'Ř', 'Á'], [
    [0.1, 0.3, 0.02, 0.55, 0.03],
    [0.9, 0.03, 0.03, 0.02, 0.02],
    [0.1, 0.01, 0.6, 0.03, 0.26],
  ]);
  const plain = alignText(line, 'RA')!;
  t.equal(plain.text, 'RA', 'one class a character: spelt as given');
  const marked = alignSpelling(line, [[1, 3], [2, 4]])!;
  t.equal(marked.text, 'ŘA');
  t.same(marked.chars.map((p) => Math.round(p * 100)), [55, 60], 'each character with its kept class\'s probability');
  t.ok(marked.logProbability > plain.logProbability, 'the favoured classes explain the frames better');
});

t.test('an optional character is read where its frames show it and left out where they do not', async (t) => {
  // Classes: blank, A, B, -. A hyphen between A and B on the first line, none on the second.
  const chars = ['', 'A', 'B', '-'];
  const hyphen = lineOf(chars, [[0.01, 0.97, 0.01, 0.01], [0.97, 0.01, 0.01, 0.01], [0.01, 0.01, 0.01, 0.97], [0.97, 0.01, 0.01, 0.01], [0.01, 0.01, 0.97, 0.01]]);
  const none = lineOf(chars, [[0.01, 0.97, 0.01, 0.01], [0.01, 0.01, 0.97, 0.01]]);
  const spelling = [[1], [3], [2]];
  const withHyphen = alignSpelling(hyphen, spelling, new Set([1]))!;
  t.equal(withHyphen.text, 'A-B');
  t.ok(Math.abs(withHyphen.logProbability - alignText(hyphen, 'A-B')!.logProbability) < 1e-9, 'as the text with it');
  const without = alignSpelling(none, spelling, new Set([1]))!;
  t.equal(without.text, 'AB', 'the character left out is in none of the lists');
  t.same(without.spans, [[0, 0], [1, 1]]);
  t.ok(Math.abs(without.logProbability - alignText(none, 'AB')!.logProbability) < 1e-9, 'as the text without it');
  t.equal(alignSpelling(none, spelling), undefined, 'not optional, the hyphen needs a frame the line lacks');
});

t.test('two characters that share a class need a blank between their runs', async (t) => {
  // Classes: blank, A, Á. Two frames of A with no blank between them read one letter, not two.
  const line = lineOf(['', 'A', 'Á'], [[0.01, 0.98, 0.01], [0.01, 0.98, 0.01]]);
  t.equal(alignSpelling(line, [[1, 2], [1]]), undefined);
  t.ok(alignSpelling(line, [[2], [1]]) !== undefined, 'classes apart, each takes a frame');
});
