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
