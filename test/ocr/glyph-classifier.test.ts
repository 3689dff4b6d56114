import t from 'tap';
import { readFile } from 'node:fs/promises';
import { decodeImage } from '../../pipeline/backends/sharp.js';
import { GLYPH_CLASSES, GLYPH_MODEL, glyphFavour, glyphLogits } from '../../pipeline/ocr/glyph-classifier.js';
import { glyphInput } from '../../pipeline/ocr/glyph-input.js';
import { inkRuns } from '../../pipeline/ocr/ink-columns.js';
import { checkedShipped } from '../../pipeline/ocr/model-files.js';
import { renderSvg, svgOpen, text } from '../fixtures/specimens/svg.js';

/** One character alone on a light page, in a face the classifier never trained on (DejaVu, the corpus's), from its first ink column to its last. */
async function glyphPage(char: string, family: string): Promise<Float32Array> {
  const png = await renderSvg([svgOpen(90, 60), '<rect width="90" height="60" fill="#f4f1e8"/>', text(30, 44, char, { size: 32, family }), '</svg>'].join(''));
  const { rgb, width, height } = await decodeImage(png, 'glyph');
  const crop = { width, height, rgb: new Uint8Array(rgb) };
  const runs = inkRuns(crop);
  return glyphInput(crop, runs[0]![0], runs.at(-1)![1])!;
}

t.test('the shipped classifier is the file checked at load, and another is refused', async (t) => {
  const found = await readFile(GLYPH_MODEL.path);
  t.equal(checkedShipped(found, GLYPH_MODEL), found);
  const changed = Uint8Array.from(found);
  changed[changed.length - 1] ^= 1;
  t.throws(() => checkedShipped(changed, GLYPH_MODEL), /has sha256 .* expected 3eee3db69873/);
});

t.test('each look-alike printed alone in DejaVu Sans and Serif is told from its twin', async (t) => {
  const twin: Record<string, string> = { 0: 'O', O: '0', 1: 'I', I: '1', 5: 'S', S: '5', 8: 'B', B: '8' };
  for (const family of ['DejaVu Sans', 'DejaVu Serif']) {
    const chars = [...GLYPH_CLASSES];
    const logits = await glyphLogits(await Promise.all(chars.map((c) => glyphPage(c, family))));
    chars.forEach((char, k) => t.ok(glyphFavour(logits[k]!, char, twin[char]!)! > 1, `${family} ${char} over ${twin[char]}: ${glyphFavour(logits[k]!, char, twin[char]!)?.toFixed(2)} nats`));
  }
});

t.test('nats are asked only of its classes; no glyph, no run', async (t) => {
  const logits = Float32Array.from([2, 1, 0, 0, 0, 0, 0, 0]);
  t.equal(glyphFavour(logits, '0', 'O'), 1);
  t.equal(glyphFavour(logits, 'O', '0'), -1);
  t.equal(glyphFavour(logits, 'A', '0'), undefined);
  t.same(await glyphLogits([]), []);
});
