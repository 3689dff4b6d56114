import t from 'tap';
import type { RgbImage } from '../../pipeline/image.js';
import { inkProfile, inkRuns } from '../../pipeline/ocr/ink-columns.js';

/** A light crop 40 high with dark bars over the columns given. */
function bars(width: number, spans: readonly [number, number][], speck?: number): RgbImage {
  const rgb = new Uint8Array(width * 40 * 3).fill(220);
  for (let y = 5; y < 35; y += 1) {
    for (const [a, b] of spans) for (let x = a; x < b; x += 1) rgb.fill(20, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  if (speck !== undefined) rgb.fill(20, (20 * width + speck) * 3, (20 * width + speck) * 3 + 3);
  return { width, height: 40, rgb };
}

t.test('each glyph standing apart is one run of ink columns; a speck is none', async (t) => {
  t.same(inkRuns(bars(60, [[4, 10], [20, 24], [40, 55]], 32)), [[4, 10], [20, 24], [40, 55]]);
  t.same(inkRuns(bars(30, [[0, 30]])), [[0, 30]], 'a run reaching the edge ends there');
});

t.test("a column's ink is its pixels at or under Otsu's threshold", async (t) => {
  const profile = inkProfile(bars(12, [[4, 10]], 1));
  t.same(profile, [0, 1, 0, 0, 30, 30, 30, 30, 30, 30, 0, 0]);
  t.same(inkRuns(bars(12, [[4, 10]], 1), profile), [[4, 10]]);
});
