import t from 'tap';
import { readFile } from 'node:fs/promises';
import { latinSubset, recognitionCharset } from '../../pipeline/ocr/charset.js';
import { cropLine } from '../../pipeline/ocr/crop.js';
import { detectText } from '../../pipeline/ocr/detector.js';
import { checkedShipped, LATIN_HEAD_TRAINED, V6_SMALL, V6_TINY, V6_TINY_DICTIONARY } from '../../pipeline/ocr/model-files.js';
import { readPage } from '../../pipeline/ocr/read-lines.js';
import { recognizeLines } from '../../pipeline/ocr/recognizer.js';
import { prepared } from '../front/render-front.js';
import { linePage, namesPage } from './names-page.js';

/** Names with marked capitals (Ñ, Ç, Ł, Ř, É, Í, Ü, Á). */
const NAMES = ['CASTAÑEDA', 'JOSÉ GARCÍA', 'MÜLLER', 'FRANÇOIS', 'DVOŘÁK', 'ŁUKASZ'];

t.test('the shipped PP-OCRv6 files are the ones checked at load, and others are refused', async (t) => {
  for (const [file, bytes] of [[V6_SMALL, 21_234_383], [V6_TINY, 4_462_639], [V6_TINY_DICTIONARY, 34_060]] as const) {
    const found = await readFile(file.path);
    t.equal(found.length, bytes);
    t.equal(checkedShipped(found, file), found, `sha256 ${file.sha256}`);
    const changed = Uint8Array.from(found);
    changed[changed.length - 1] ^= 1;
    t.throws(() => checkedShipped(changed, file), new RegExp(`has sha256 .* expected ${file.sha256.slice(0, 12)}`));
  }
});

t.test("v6's classes: small's blank, 18708 characters of its metadata and space, tiny's of its dictionary file; the accented capitals among their Latin ones", async (t) => {
  const full = await recognitionCharset('v6');
  t.equal(full.chars.length, 18_710);
  t.equal(full.chars[0], '');
  t.equal(full.chars.at(-1), ' ');
  const latin = latinSubset(full).charset;
  for (const char of 'ÑØŁÇÅÄÖÜÉŠŽŘñøłçåäöüéšžř') t.equal(latin.latin[latin.classOf(char) ?? 0], 1, char);
  t.equal(latin.classOf('发'), undefined);
  const tiny = await recognitionCharset('v6-tiny');
  t.equal(tiny.chars.length, 6_906, "tiny's: the blank, the 6904 characters of its dictionary file, the space");
  t.equal(tiny.chars.at(-1), ' ');
  const tinyLatin = latinSubset(tiny).charset;
  for (const char of 'ÑØŁÇÅÄÖÜÉŠŽŘÞÐ') t.equal(tinyLatin.latin[tinyLatin.classOf(char) ?? 0], 1, char);
});

t.test('v6 narrowed to the Latin classes gives the full head\'s probabilities given that the class is kept (through its Identity nodes), its trained columns aside', async (t) => {
  const page = await prepared(await namesPage(NAMES.slice(0, 3), 'DejaVu Sans', 'Surname'));
  const lines = (await detectText(page)).map((b) => cropLine(page, b.quad));
  const [wide, narrow] = await Promise.all([recognizeLines(lines, { model: 'v6' }), recognizeLines(lines, { model: 'v6', latinOnly: true })]);
  const { classes, charset } = latinSubset(await recognitionCharset('v6'));
  t.equal(wide[0]!.classes, 18_710);
  t.equal(narrow[0]!.classes, classes.length);
  // The trained head's columns (model-files.ts) differ from the source's; the others keep their odds.
  const trained = new Set(LATIN_HEAD_TRAINED);
  const compared = classes.flatMap((k, c) => (trained.has(charset.chars[c]!) ? [] : [[k, c] as const]));
  t.equal(compared.length, classes.length - LATIN_HEAD_TRAINED.length);
  let largest = 0;
  wide.forEach((w, i) => {
    const n = narrow[i]!;
    t.equal(n.steps, w.steps);
    for (let step = 0; step < w.steps; step++) {
      let wideMass = 0;
      let narrowMass = 0;
      for (const [k, c] of compared) {
        wideMass += w.probs[step * w.classes + k]!;
        narrowMass += n.probs[step * n.classes + c]!;
      }
      for (const [k, c] of compared) {
        largest = Math.max(largest, Math.abs(n.probs[step * n.classes + c]! / narrowMass - w.probs[step * w.classes + k]! / wideMass));
      }
    }
  });
  t.ok(largest < 1e-5, `largest difference ${largest}`);
});

t.test('a front read with v6 writes the accented capitals itself', async (t) => {
  const page = await prepared(await namesPage(NAMES, 'DejaVu Sans', 'Given names'));
  const { lines } = await readPage(page, { latinOnly: true, model: 'v6' });
  const read = lines.map((l) => l.text);
  for (const name of NAMES) t.ok(read.includes(name), `${name} in ${JSON.stringify(read)}`);
});

t.test('v6 writes the word spaces itself', async (t) => {
  const page = await prepared(await linePage('1,2 SMITH, PETER WILLIAM'));
  const { lines } = await readPage(page, { latinOnly: true, model: 'v6' });
  t.same(lines.map((l) => l.text), ['1,2 SMITH, PETER WILLIAM']);
});
