/**
 * The face models' pixel sampler: the affine warp must be plain bilinear interpolation wherever
 * it samples, inside the image (its fast path) as on the border (zeros outside), at any map.
 */
import t from 'tap';
import { squareMap, warpAffine, type Affine } from '../../pipeline/face/sample.js';
import type { RgbImage } from '../../pipeline/image.js';

/** A deterministic, textured 61×47 image: every pixel and channel differs from its neighbours. */
function texture(): RgbImage {
  const width = 61;
  const height = 47;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 37 + ((i / 3) | 0) * 11) % 256;
  return { width, height, rgb };
}

/** Bilinear interpolation written from its definition, with zeros outside the image. */
function reference(image: RgbImage, map: Affine, width: number, height: number): Uint8Array {
  const at = (x: number, y: number, ch: number): number =>
    (x < 0 || y < 0 || x >= image.width || y >= image.height ? 0 : image.rgb[(y * image.width + x) * 3 + ch]!);
  const out = new Uint8Array(width * height * 3);
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const x = map.a * u + map.b * v + map.c;
      const y = map.d * u + map.e * v + map.f;
      if (x <= -1 || y <= -1 || x >= image.width || y >= image.height) continue;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      for (let ch = 0; ch < 3; ch++) {
        const value = at(x0, y0, ch) * (1 - fx) * (1 - fy) + at(x0 + 1, y0, ch) * fx * (1 - fy)
          + at(x0, y0 + 1, ch) * (1 - fx) * fy + at(x0 + 1, y0 + 1, ch) * fx * fy;
        out[(v * width + u) * 3 + ch] = Math.round(value);
      }
    }
  }
  return out;
}

t.test('the warp is bilinear inside the image and on its border, black outside', async (t) => {
  const image = texture();
  const maps: Record<string, Affine> = {
    // No shrink beyond 2×, so the warp samples the image itself rather than a pyramid level.
    'inside, rotated and scaled': { a: 0.8, b: 0.35, c: 12.3, d: -0.35, e: 0.8, f: 20.7 },
    'overhanging every edge': squareMap(-9.5, -7.25, 80, 48),
    'shifted by a fraction': { a: 1, b: 0, c: 0.5, d: 0, e: 1, f: 0.25 },
  };
  for (const [name, map] of Object.entries(maps)) {
    const got = warpAffine(image, map, 48, 40);
    const want = reference(image, map, 48, 40);
    // Rounding may differ only where the exact value lies on .5, by one level.
    let worst = 0;
    let differing = 0;
    got.forEach((g, i) => {
      const d = Math.abs(g - want[i]!);
      worst = Math.max(worst, d);
      if (d > 0) differing++;
    });
    t.ok(worst <= 1 && differing <= got.length / 1000, `${name}: at most one level off, in ${differing} of ${got.length} samples`);
  }
  const outside = warpAffine(image, { a: 1, b: 0, c: 500, d: 0, e: 1, f: 500 }, 8, 8);
  t.ok(outside.every((p) => p === 0), 'a view wholly outside the image is black');
});
