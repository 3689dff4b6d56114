import t from 'tap';
import { IMAGENET, writeTensor } from '../../pipeline/ocr/sampling.js';
import type { RgbImage } from '../../pipeline/image.js';

t.test('an image of the tensor\'s size is written unresampled, normalised, in BGR planes', async (t) => {
  const image: RgbImage = { width: 5, height: 3, rgb: Uint8Array.from({ length: 45 }, (_, i) => (i * 37) % 256) };
  const out = new Float32Array(3 * 7 * 3).fill(9);
  writeTensor(image, 5, 3, IMAGENET, out, 0, 7, 3);
  const plane = 7 * 3;
  let worst = 0;
  for (let y = 0; y < 3; y += 1) {
    for (let x = 0; x < 5; x += 1) {
      for (let c = 0; c < 3; c += 1) {
        const expected = (image.rgb[(y * 5 + x) * 3 + c]! / 255 - IMAGENET.mean[2 - c]!) / IMAGENET.std[2 - c]!;
        worst = Math.max(worst, Math.abs(out[(2 - c) * plane + y * 7 + x]! - expected));
      }
    }
  }
  t.ok(worst < 1e-5, `every sample as the pixel (worst ${worst})`);
  t.equal(out[5], 9, 'the padding columns are left as they are');
});
