import t from 'tap';
import { charsetOf } from '../../../pipeline/ocr/charset.js';
import { ctcGreedy } from '../../../pipeline/ocr/ctc-decode.js';
import { settleMarks } from '../../../pipeline/ocr/latin/orthography.js';
import type { LineProbabilities } from '../../../pipeline/ocr/recognizer.js';

const CHARS = ['', 'Ž', 'Ż', 'Z', 'Ó', 'Ł', 'Á', 'A', 'N', 'İ', 'ž', 'ż', 'z', 'ó', 'ł', 'á', 'a', 'n'];

/** A line of one frame per letter, blanks between: each frame gives its letters the probabilities named, the rest to the blank. */
function lineOf(frames: Record<string, number>[]): LineProbabilities {
  const rows = frames.flatMap((frame) => [frame, { _: 1 }]).map((frame) => {
    const given = Object.values(frame).reduce((s, p) => s + p, 0);
    return CHARS.map((c) => frame[c || '_'] ?? (c === '' ? 1 - given : 0));
  });
  return { steps: rows.length, classes: CHARS.length, charset: charsetOf(CHARS), probs: Float32Array.from(rows.flat()) };
}

t.test("a mark that the word's other marks' languages do not write yields to one they do", async (t) => {
  // ŻÓŁ with the dot of its Ż read as a caron: Ž 0.6, Ż 0.2. Ó and Ł are Polish, which writes Ż, not Ž.
  const probs = lineOf([{ Ž: 0.6, Ż: 0.2, Z: 0.1 }, { Ó: 0.95 }, { Ł: 0.95 }]);
  const read = ctcGreedy(probs);
  t.equal(read.text, 'ŽÓŁ');
  const settled = settleMarks(probs, read);
  t.equal(settled.text, 'ŻÓŁ');
  t.ok(settled.chars[0]! > 0.2 && settled.chars[0]! <= 0.8, `the letter's confidence is the frames' mass for a marked Z, shared by weight: ${settled.chars[0]}`);
  t.equal(settled.confidence, settled.chars.reduce((s, p) => s + p, 0) / 3);
  t.same(settled.spans, read.spans);

  const lower = lineOf([{ ž: 0.6, ż: 0.2 }, { ó: 0.95 }, { ł: 0.95 }]);
  t.equal(settleMarks(lower, ctcGreedy(lower)).text, 'żół', 'case kept');
  // İ is two characters in small letters; the letters after it keep their places.
  const dotted = lineOf([{ İ: 0.95 }, { Ž: 0.6, Ż: 0.2 }, { Ó: 0.95 }, { Ł: 0.95 }]);
  t.equal(settleMarks(dotted, ctcGreedy(dotted)).text, 'İŻÓŁ');
});

t.test('a mark the languages allow, a word of one mark and a bare letter stay as read', async (t) => {
  // ŽÁN: Á is written by Czech and Slovak, which write Ž; Polish writes Ż but not Á.
  const czech = lineOf([{ Ž: 0.6, Ż: 0.35 }, { Á: 0.95 }, { N: 0.95 }]);
  t.equal(settleMarks(czech, ctcGreedy(czech)).text, 'ŽÁN');
  // ŽAN: one mark says nothing of the language.
  const single = lineOf([{ Ž: 0.5, Ż: 0.45 }, { A: 0.95 }, { N: 0.95 }]);
  t.equal(settleMarks(single, ctcGreedy(single)).text, 'ŽAN');
  // ZÓŁ: a Z read bare stays bare, whatever the marks around it.
  const bare = lineOf([{ Z: 0.6, Ż: 0.3 }, { Ó: 0.95 }, { Ł: 0.95 }]);
  t.equal(settleMarks(bare, ctcGreedy(bare)).text, 'ZÓŁ');
  // Words are weighed apart: ŽÁN ÓŁ keeps the Czech word's Ž.
  const two = lineOf([{ Ž: 0.6, Ż: 0.35 }, { Á: 0.95 }, { N: 0.95 }, { _: 0.9 }, { Ó: 0.95 }, { Ł: 0.95 }]);
  const line = ctcGreedy(two);
  const spaced = { ...line, text: 'ŽÁN ÓŁ', chars: [...line.chars.slice(0, 3), 0.9, ...line.chars.slice(3)], spans: [...line.spans.slice(0, 3), [6, 6] as [number, number], ...line.spans.slice(3)] };
  t.equal(settleMarks(two, spaced).text, 'ŽÁN ÓŁ');
});

t.test('a rival the frames never saw is not taken', async (t) => {
  const probs = lineOf([{ Ž: 0.9 }, { Ó: 0.95 }, { Ł: 0.95 }]);
  t.equal(settleMarks(probs, ctcGreedy(probs)).text, 'ŽÓŁ', 'Ż has no probability at the frame');
});
