/**
 * Joining the morphology's blobs into MRZ bands: separate lines stack into one band, and so do a
 * line and a blob of two lines that the closing joined, as a TD1 photo can give.
 */
import t from 'tap';
import type { Band } from '../../pipeline/backends/opencv-mrz.js';
import { groupBands } from '../../pipeline/mrz/band-group.js';

/** A level blob centred at (400, cy), 760 px long. */
const blob = (cy: number, height: number): Band => ({ cx: 400, cy, width: 760, height, angle: 0 });

t.test('three separate lines of a TD1 are one band spanning them', async (t) => {
  const [band] = groupBands([blob(100, 30), blob(150, 30), blob(200, 30)]);
  t.equal(band?.cy, 150);
  t.equal(band?.height, 130, 'from the top of the first line to the bottom of the last');
});

t.test('a line above a blob of the two lines below it is one band, not two candidates', async (t) => {
  // The second and third lines joined: 2 lines of 30 px and the 20 px gap between them.
  const bands = groupBands([blob(100, 30), blob(175, 80)]);
  t.equal(bands.length, 1);
  t.equal(bands[0]?.height, 130, 'spans all three lines');
});

t.test('blobs of other lengths or far apart stay candidates of their own', async (t) => {
  t.equal(groupBands([blob(100, 30), { ...blob(150, 30), width: 400 }]).length, 2, 'half as long');
  t.equal(groupBands([blob(100, 30), blob(400, 30)]).length, 2, 'ten line heights apart');
});

t.test('a line joins the blob below it even when a shadow makes that blob tall', async (t) => {
  // A TD1 photo: the first line apart, the other two joined with the page's shadow beneath them
  // into a blob 3.6 line heights high (seed 4242, specimen 7).
  const bands = groupBands([blob(272, 19), blob(333, 69)]);
  t.equal(bands.length, 1);
});
