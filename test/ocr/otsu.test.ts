import t from 'tap';
import { otsu } from '../../pipeline/ocr/otsu.js';

t.test('Otsu splits ink from paper', async (t) => {
  const threshold = otsu(Uint8Array.from([20, 25, 30, 230, 235, 240]));
  t.ok(threshold >= 30 && threshold < 230, `threshold ${threshold}`);
});

t.test('Otsu follows the ink: grey ink on light paper splits between the two, not at mid-grey', async (t) => {
  const threshold = otsu(Uint8Array.from([...Array(40).fill(150), ...Array(60).fill(250)]));
  t.ok(threshold >= 150 && threshold < 250, `threshold ${threshold}`);
});
