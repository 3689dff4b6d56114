import t from 'tap';
import { loadSession } from '../../pipeline/backends/onnx.js';
import { buildCharset, recognitionCharset } from '../../pipeline/ocr/charset.js';
import { V6_TINY } from '../../pipeline/ocr/model-files.js';

t.test('classes are indexed as PaddleOCR CTCLabelDecode builds them', async (t) => {
  const charset = buildCharset('a\nb\r\nc\n');
  t.same(charset.chars, ['', 'a', 'b', 'c', ' ']);
  t.equal(charset.classOf('a'), 1);
  t.equal(charset.classOf(' '), 4);
  t.equal(charset.classOf('z'), undefined);
});

t.test("PP-OCRv6 tiny's dictionary file gives the model its 6906 classes: blank, 6904 characters, space", async (t) => {
  const charset = await recognitionCharset('v6-tiny');
  t.equal(charset.chars.length, 6906);
  t.equal(charset.chars[0], '');
  t.equal(charset.chars[6905], ' ');
  // The dictionary's line 33 is '0', line 18 is '<' (1-based lines are the class indices).
  t.equal(charset.classOf('0'), 33);
  t.equal(charset.classOf('<'), 18);
  const session = await loadSession(V6_TINY.path);
  t.same(session.outputNames.length, 1);
});

t.test('the Latin mask keeps ASCII, Latin-1 and Latin Extended letters and the space, nothing else', async (t) => {
  const charset = buildCharset(['A', 'ñ', 'Ł', '发', '：', 'Ж', '<'].join('\n'));
  t.same([...charset.latin], [0, 1, 1, 1, 0, 0, 0, 1, 1]);
  const full = await recognitionCharset('v6-tiny');
  t.equal(full.latin[full.classOf('发')!], 0);
  t.equal(full.latin[full.classOf('É')!], 1);
});

t.test('the charset is read once per worker', async (t) => {
  t.equal(await recognitionCharset('v6-tiny'), await recognitionCharset('v6-tiny'));
});
