/**
 * Cutting an MRZ line into pieces the recogniser reads well: every cut falls between characters,
 * and each cut side gets the blank margin a line's end has.
 */
import t from 'tap';
import { cutPieces } from '../../pipeline/mrz/band-lines.js';
import type { GreyImage } from '../../pipeline/image.js';

const PITCH = 21;
const HEIGHT = 36;

/** A line of `chars` dark glyphs 15 px wide at a 21 px pitch, on white, with a 10 px margin. */
function line(chars: number): GreyImage {
  const width = 20 + chars * PITCH;
  const grey = new Uint8Array(width * HEIGHT).fill(235);
  for (let c = 0; c < chars; c++) {
    for (let y = 8; y < HEIGHT - 8; y++) grey.fill(20, y * width + 10 + c * PITCH + 3, y * width + 10 + c * PITCH + 18);
  }
  return { width, height: HEIGHT, grey };
}

/** Columns of a crop that hold ink. */
function inkedColumns(image: GreyImage): boolean[] {
  return Array.from({ length: image.width }, (_, x) =>
    Array.from({ length: image.height }, (_, y) => image.grey[y * image.width + x]! < 128).some(Boolean));
}

/** Glyphs in a crop: runs of inked columns. */
function glyphs(image: GreyImage): number[] {
  const runs: number[] = [];
  let run = 0;
  for (const inked of [...inkedColumns(image), false]) {
    if (inked) run++;
    else if (run > 0) { runs.push(run); run = 0; }
  }
  return runs;
}

t.test('a 44-character line cut in two keeps every glyph whole', async (t) => {
  const pieces = cutPieces(line(44), 2, 44);
  t.equal(pieces.length, 2);
  const runs = pieces.flatMap(glyphs);
  t.equal(runs.length, 44, 'no glyph lost or split');
  t.ok(runs.every((w) => w === 15), 'each glyph its full width');
  t.ok(Math.abs(glyphs(pieces[0]!).length - 22) <= 1, 'the cut near the middle');
});

t.test('each cut side gets a blank margin, the line ends keep theirs', async (t) => {
  const whole = line(30);
  const [left, right] = cutPieces(whole, 2, 30);
  const margin = Math.round(HEIGHT / 6);
  const leading = (image: GreyImage): number => inkedColumns(image).indexOf(true);
  const trailing = (image: GreyImage): number => inkedColumns(image).reverse().indexOf(true);
  t.ok(trailing(left!) >= margin, 'blank after the last glyph of the left piece');
  t.ok(leading(right!) >= margin, 'blank before the first glyph of the right piece');
  t.equal(leading(left!), leading(whole), 'the line start as it was');
  t.equal(trailing(right!), trailing(whole), 'the line end as it was');
  t.equal(left!.height, HEIGHT);
});

t.test('one piece is the line itself', async (t) => {
  const whole = line(30);
  t.equal(cutPieces(whole, 1, 30)[0], whole);
});
