import t from 'tap';
import type { Quad } from '../../pipeline/ocr/geometry.js';
import { placeKnownMrz } from '../../pipeline/ocr/known-lines.js';

const box = (x: number, y: number, w: number, h: number): Quad => [{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }];
const TD3 = ['P<D<<CHATTERJEE<<NOEMIE<CHIAMAKA<<<<<<<<<<<<', 'C3M51GT62D<<9304158F3508105<<<<<<<<<<<<<<<6'];
/** A data page's boxes, as the detector gives them in reading order (2020-1 of the corpus), the MRZ's two last. */
const PAGE: Quad[] = [box(80, 60, 300, 38), box(330, 130, 180, 36), box(330, 200, 160, 32), box(60, 700, 1240, 38), box(60, 750, 1180, 40)];

t.test('the MRZ\'s lines are the page\'s last two boxes, each as wide as an MRZ line', async (t) => {
  t.same([...placeKnownMrz(PAGE, TD3)!], [[3, TD3[0]], [4, TD3[1]]]);
});

t.test('anything else places nothing, and the page is recognised whole', async (t) => {
  t.equal(placeKnownMrz(PAGE, []), undefined, 'no MRZ known');
  t.equal(placeKnownMrz(PAGE.slice(3), ['x', 'y', 'z']), undefined, 'fewer boxes than lines');
  // The detector split the last line in two: the last two boxes are not the MRZ's shape.
  const split = [...PAGE.slice(0, 4), box(60, 750, 560, 40), box(700, 750, 540, 40)];
  t.equal(placeKnownMrz(split, TD3), undefined, 'a line split in two');
  // A visual zone line is at most 13 times as wide as high; a TD3 line's box at least 0.45 × 44.
  const short = [...PAGE.slice(0, 4), box(60, 750, 500, 40)];
  t.equal(placeKnownMrz(short, TD3), undefined, 'a box too short for its line');
  const uneven = [...PAGE.slice(0, 4), box(60, 750, 900, 40)];
  t.equal(placeKnownMrz(uneven, TD3), undefined, 'two lines of one length, boxes of two');
  // Text below the MRZ's first line (read in the MRZ's row) means the last boxes are not all MRZ.
  const below = [box(900, 735, 200, 30), ...PAGE.slice(3)];
  t.equal(placeKnownMrz([...PAGE.slice(0, 3), ...below], TD3), undefined, 'another box beside the MRZ');
});
