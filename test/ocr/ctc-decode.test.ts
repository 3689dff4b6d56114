import t from 'tap';
import { charsetOf } from '../../pipeline/ocr/charset.js';
import { ctcGreedy } from '../../pipeline/ocr/ctc-decode.js';
import type { LineProbabilities } from '../../pipeline/ocr/recognizer.js';

/** Classes: blank, 'd', '发', 'N'. Steps: d, blank, 发 (d second), blank, N. */
const CHARS = ['', 'd', '发', 'N'];
const LINE: LineProbabilities = {
  steps: 5,
  classes: 4,
  charset: charsetOf(CHARS),
  probs: Float32Array.from([
    0.1, 0.8, 0.05, 0.05,
    0.9, 0.04, 0.03, 0.03,
    0.1, 0.3, 0.55, 0.05,
    0.9, 0.04, 0.03, 0.03,
    0.05, 0.05, 0.1, 0.8,
  ]),
};

t.test('greedy decoding takes the most probable class of each step', async (t) => {
  const line = ctcGreedy(LINE);
  t.equal(line.text, 'd发N');
  t.same(line.spans, [[0, 0], [2, 2], [4, 4]], 'each character\'s frames');
  t.same(line.chars.map((p) => Math.round(p * 100)), [80, 55, 80]);
});

t.test('with a mask, a class left out gives way to the best allowed one, at its own probability', async (t) => {
  const line = ctcGreedy(LINE, LINE.charset.latin);
  t.equal(line.text, 'ddN', 'the blank between keeps the two d apart');
  t.same(line.chars.map((p) => Math.round(p * 100)), [80, 30, 80]);
  t.equal(Math.round(line.confidence * 100), 63);
});

t.test('a letter\'s probability is the letter\'s in either case; its case is the likelier one', async (t) => {
  // Classes: blank, 'j', 'J', 'o', '1'. Steps: j or J, blank, o, blank, 1.
  const line = ctcGreedy({
    steps: 5,
    classes: 5,
    charset: charsetOf(['', 'j', 'J', 'o', '1']),
    probs: Float32Array.from([
      0.02, 0.53, 0.45, 0, 0,
      0.9, 0.05, 0.05, 0, 0,
      0.05, 0, 0, 0.95, 0,
      0.9, 0.05, 0.05, 0, 0,
      0.3, 0, 0, 0, 0.7,
    ]),
  });
  t.equal(line.text, 'jo1');
  t.same(line.chars.map((p) => Math.round(p * 100)), [98, 95, 70], 'j as j or J; o without its capital in the table; a digit as itself');
});
