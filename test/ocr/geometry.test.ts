import t from 'tap';
import { orderCorners, quadFromArray, quadSize, quadToArray, type Point } from '../../pipeline/ocr/geometry.js';
import { isTall } from '../../pipeline/ocr/crop.js';

/** The corners of a `length`×`thickness` box along `angle` (radians from the x axis), in a scrambled order. */
function box(length: number, thickness: number, angle: number): Point[] {
  const along = { x: Math.cos(angle), y: Math.sin(angle) };
  const across = { x: -along.y, y: along.x };
  const corner = (a: number, b: number): Point => ({ x: 500 + a * along.x + b * across.x, y: 500 + a * along.y + b * across.y });
  const h = length / 2; const w = thickness / 2;
  return [corner(h, w), corner(-h, -w), corner(-h, w), corner(h, -w)];
}

t.test('a line leaning a few degrees is ordered from its top-left corner along its length', async (t) => {
  const quad = orderCorners(box(800, 40, 0.08));
  t.ok(quad[0].x < quad[1].x && quad[0].y < quad[3].y, 'top-left first, top-right second');
  t.notOk(isTall(quad));
  t.ok(Math.abs(quadSize(quad).width - 800) < 1e-6);
});

for (const lean of [-0.09, 0.09]) {
  t.test(`a long line running down a page, leaning ${lean} rad, is tall whichever way it leans`, async (t) => {
    // Down the page at 90° ± 5°: its length times the lean's sine (70 px) is more than its thickness,
    // which PaddleOCR's leftmost-corners rule took for the box's left side.
    const quad = orderCorners(box(800, 40, Math.PI / 2 + lean));
    t.ok(isTall(quad), JSON.stringify(quad));
    t.ok(Math.abs(quadSize(quad).height - 800) < 1e-6);
    t.ok(quad[0].y < quad[2].y, 'the first corner is at its top end');
  });
}

t.test('a box\'s corner array and its quad turn into each other', async (t) => {
  const box = [1, 2, 30, 2, 30, 12, 1, 12];
  t.same(quadToArray(quadFromArray(box)), box);
  t.same(quadFromArray(box)[2], { x: 30, y: 12 });
});
