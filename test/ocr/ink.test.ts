import t from 'tap';
import { blobPieces, blobWithin, hasHole, holes, inkBlobs, otsu } from '../../pipeline/ocr/ink.js';

/** A greyscale image from rows of '#' (ink) and '.' (paper). */
function image(rows: string[]) {
  const width = rows[0]!.length;
  const grey = Uint8Array.from(rows.join(''), (c) => (c === '#' ? 20 : 235));
  return { width, height: rows.length, grey };
}

t.test('Otsu splits ink from paper', async (t) => {
  const threshold = otsu(Uint8Array.from([20, 25, 30, 230, 235, 240]));
  t.ok(threshold >= 30 && threshold < 230, `threshold ${threshold}`);
});

t.test('blobs are 8-connected, with boxes, areas and the sign of their slant', async (t) => {
  const ink = inkBlobs(image([
    '..........',
    '.....#..#.',
    '....#...#.',
    '...#.....#',
    '..#......#',
    '..........',
  ]));
  t.equal(ink.blobs.length, 2);
  const [rising, falling] = ink.blobs as [typeof ink.blobs[0], typeof ink.blobs[0]];
  t.same([rising.left, rising.top, rising.right, rising.bottom, rising.area], [2, 1, 5, 4, 4]);
  t.ok(rising.slant < -0.9, `a stroke rising to the right: ${rising.slant}`);
  t.ok(falling.slant > 0.5, `a stroke falling to the right: ${falling.slant}`);
  t.equal(rising.atEdge, false);
  t.equal(falling.atEdge, true, 'it reaches the right border');
});

t.test('a ring has a hole, a cup has none, and a hole below the row asked about does not count', async (t) => {
  const ink = inkBlobs(image([
    '............',
    '.###...#.#..',
    '.#.#...#.#..',
    '.###...###..',
    '............',
  ]));
  const [ring, cup] = ink.blobs as [typeof ink.blobs[0], typeof ink.blobs[0]];
  t.equal(hasHole(ink, ring), true);
  t.equal(hasHole(ink, cup), false);
  t.equal(hasHole(ink, ring, 1), false, 'the hole lies on row 2');
});

t.test('the ink of a blob within a box forms a blob of its own', async (t) => {
  const ink = inkBlobs(image([
    '.........',
    '......##.',
    '....##...',
    '...#.....',
    '...#.....',
    '...####..',
    '.........',
  ]));
  const [letter] = ink.blobs as [typeof ink.blobs[0]];
  const mark = blobWithin(ink, letter, { left: 0, top: 0, right: 8, bottom: 2 })!;
  t.same([mark.left, mark.top, mark.right, mark.bottom, mark.area], [4, 1, 7, 2, 4]);
  t.ok(mark.slant < -0.5, `the stroke on top rises to the right: ${mark.slant}`);
  t.equal(blobWithin(ink, letter, { left: 0, top: 0, right: 8, bottom: 0 }), undefined, 'no ink above row 1');
  t.equal(blobWithin(ink, letter, { left: 7, top: 3, right: 8, bottom: 6 }), undefined, 'no ink right of the foot below row 2');
});

t.test('the upper rows of letters joined below part into their own pieces', async (t) => {
  const ink = inkBlobs(image([
    '...........',
    '..#....##..',
    '...#..#....',
    '.#.#..#.#..',
    '.#######...',
    '...........',
  ]));
  const [joined] = ink.blobs as [typeof ink.blobs[0]];
  t.equal(ink.blobs.length, 1, 'one blob');
  const pieces = blobPieces(ink, joined, 2);
  t.same(pieces.map((p) => [p.left, p.top, p.right, p.bottom]), [[2, 1, 3, 2], [6, 1, 8, 2]]);
  t.equal(blobPieces(ink, joined, 4).length, 1, 'whole, they are one');
});

t.test('a slashed ring has two holes, each with its centre', async (t) => {
  const ink = inkBlobs(image([
    '........',
    '.######.',
    '.#...##.',
    '.#..#.#.',
    '.#.#..#.',
    '.##...#.',
    '.######.',
    '........',
  ]));
  const [ring] = ink.blobs as [typeof ink.blobs[0]];
  const found = holes(ink, ring);
  t.equal(found.length, 2);
  const [upper, lower] = [...found].sort((a, b) => a.cy - b.cy) as [typeof found[0], typeof found[0]];
  t.ok(upper.cx < lower.cx, 'the upper hole lies left of the lower');
  t.same([upper.area, upper.top], [6, 2]);
});
