import t from 'tap';
import { widened } from '../../pipeline/ocr/second-view.js';
import type { Quad } from '../../pipeline/ocr/geometry.js';

t.test('a box is lengthened along its own top edge by a share of its height at each end', async (t) => {
  const level: Quad = [{ x: 10, y: 20 }, { x: 110, y: 20 }, { x: 110, y: 40 }, { x: 10, y: 40 }];
  t.same(widened(level, 0.3), [{ x: 4, y: 20 }, { x: 116, y: 20 }, { x: 116, y: 40 }, { x: 4, y: 40 }]);
  // A box tilted by the angle whose tangent is 3/4: 20 high, so 6 more along its 4:3 slope at each end.
  const tilted: Quad = [{ x: 0, y: 0 }, { x: 80, y: 60 }, { x: 68, y: 76 }, { x: -12, y: 16 }];
  const [a, b] = widened(tilted, 0.3);
  t.ok(Math.abs(a.x + 4.8) < 1e-9 && Math.abs(a.y + 3.6) < 1e-9, 'the start moves back along the slope');
  t.ok(Math.abs(b.x - 84.8) < 1e-9 && Math.abs(b.y - 63.6) < 1e-9, 'the end moves on along it');
});
