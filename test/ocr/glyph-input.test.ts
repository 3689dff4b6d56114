import t from 'tap';
import type { RgbImage } from '../../pipeline/image.js';
import { GLYPH_SIDE, glyphInput } from '../../pipeline/ocr/glyph-input.js';

/** A light crop 60 × 40 with dark boxes [x0, x1) × [y0, y1). */
function crop(boxes: readonly [number, number, number, number][]): RgbImage {
  const width = 60;
  const rgb = new Uint8Array(width * 40 * 3).fill(230);
  for (const [x0, x1, y0, y1] of boxes) for (let y = y0; y < y1; y += 1) rgb.fill(30, (y * width + x0) * 3, (y * width + x1) * 3);
  return { width, height: 40, rgb };
}

const inkColumns = (input: Float32Array): number[] => Array.from({ length: GLYPH_SIDE }, (_, i) => i).filter((i) => Array.from({ length: GLYPH_SIDE }, (_, j) => input[j * GLYPH_SIDE + i]!).some((v) => v > 0.5));
const inkRows = (input: Float32Array): number[] => Array.from({ length: GLYPH_SIDE }, (_, j) => j).filter((j) => input.subarray(j * GLYPH_SIDE, (j + 1) * GLYPH_SIDE).some((v) => v > 0.5));

t.test("a glyph's ink box is centred in the square with its aspect kept: a bar stays narrow, a block wide", async (t) => {
  const bar = glyphInput(crop([[20, 24, 8, 32]]), 20, 24)!;
  const block = glyphInput(crop([[20, 38, 8, 32]]), 20, 38)!;
  t.equal(bar.length, GLYPH_SIDE * GLYPH_SIDE);
  t.ok(inkColumns(bar).length <= 6, `bar: ${inkColumns(bar).length} columns`);
  t.ok(inkColumns(block).length >= 18, `block: ${inkColumns(block).length} columns`);
  for (const input of [bar, block]) {
    const rows = inkRows(input);
    t.ok(Math.abs((rows[0]! + rows.at(-1)!) / 2 - (GLYPH_SIDE - 1) / 2) <= 1, 'centred');
    t.ok(rows.length >= 24 && rows.length <= 28, `${rows.length} rows: the height over 1.2 of it and two`);
    t.ok(input.every((v) => v >= 0 && v <= 1), 'ink 1, paper 0');
  }
});

t.test("only the glyph's own columns are sampled: a neighbour beside them stays out", async (t) => {
  const alone = glyphInput(crop([[20, 24, 8, 32]]), 20, 24)!;
  const beside = glyphInput(crop([[20, 24, 8, 32], [26, 40, 8, 32]]), 20, 24)!;
  t.same(Array.from(beside), Array.from(alone));
});

t.test("a speck above the glyph, clear of it, is not the glyph's: its rows are the tallest inked run", async (t) => {
  const alone = glyphInput(crop([[20, 24, 8, 32]]), 20, 24)!;
  const specked = glyphInput(crop([[20, 24, 8, 32], [21, 23, 2, 4]]), 20, 24)!;
  t.same(Array.from(specked), Array.from(alone));
});

t.test('columns without ink give no glyph', async (t) => {
  t.equal(glyphInput(crop([[20, 24, 8, 32]]), 40, 50), undefined);
  t.equal(glyphInput(crop([[20, 24, 8, 32]]), 30, 30), undefined);
});
