import t from 'tap';
import type { ScoredQuad } from '../../pipeline/ocr/db-postprocess.js';
import type { Quad } from '../../pipeline/ocr/geometry.js';
import { cropLine } from '../../pipeline/ocr/crop.js';
import { localiseText, toPage } from '../../pipeline/ocr/localise.js';
import { warpQuad } from '../../pipeline/ocr/sampling.js';
import type { RgbImage } from '../../pipeline/image.js';

const page = (width: number, height: number): RgbImage => ({ width, height, rgb: new Uint8Array(width * height * 3) });

/** A page of smooth stripes, so that two samplings of one place come out alike. */
function striped(width: number, height: number): RgbImage {
  const image = page(width, height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 3;
      image.rgb[o] = 128 + 120 * Math.sin(x / 9);
      image.rgb[o + 1] = 128 + 120 * Math.sin(y / 7);
      image.rgb[o + 2] = 128 + 120 * Math.sin((x + y) / 13);
    }
  }
  return image;
}

/** Text boxes of a card's rows, `width`×`height` each, turned `degrees` about (cx, cy). */
function rows(degrees: number, cx: number, cy: number): ScoredQuad[] {
  const a = (degrees * Math.PI) / 180;
  const turn = (x: number, y: number): { x: number; y: number } =>
    ({ x: cx + (x - cx) * Math.cos(a) - (y - cy) * Math.sin(a), y: cy + (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a) });
  return [0, 1, 2, 3, 4].map((i) => {
    const x = cx - 200;
    const y = cy - 150 + i * 60;
    const quad: Quad = [turn(x, y), turn(x + 300, y), turn(x + 300, y + 30), turn(x, y + 30)];
    return { quad, score: 0.9 };
  });
}

t.test('a turned card in a larger photo is cut out upright around its text and enlarged', async (t) => {
  const found = localiseText(page(1400, 1000), rows(12, 700, 500));
  t.ok(found, 'localised');
  // The text spans 300 × 270 px in its own frame, padded by 2.5 line heights on each side.
  const { width, height } = found!;
  t.ok(Math.abs(width / height - (300 + 150) / (270 + 150)) < 0.02, `aspect ${width}×${height}`);
  t.ok(Math.max(width, height) >= 960, 'brought to the detector size');
  const top = found!.quad[1].y - found!.quad[0].y;
  const right = found!.quad[1].x - found!.quad[0].x;
  t.ok(Math.abs(Math.atan2(top, right) - (12 * Math.PI) / 180) < 0.01, 'the crop follows the skew');
});

t.test('an upright page filled by its text (a scan) is left as it is', async (t) => {
  const box = (x: number, y: number): ScoredQuad => ({ quad: [{ x, y }, { x: x + 300, y }, { x: x + 300, y: y + 30 }, { x, y: y + 30 }], score: 0.9 });
  t.equal(localiseText(page(1000, 700), [box(40, 40), box(660, 40), box(40, 330), box(40, 630), box(660, 630)]), undefined);
  t.equal(localiseText(page(1400, 1000), []), undefined);
});

t.test('a line cut through the region is the line cut from the region warped whole', async (t) => {
  const photo = striped(1400, 1000);
  const region = localiseText(photo, rows(12, 700, 500))!;
  t.same(toPage(region, { x: 0, y: 0 }), region.quad[0], 'the frame\'s corner is the quad\'s');
  const far = toPage(region, { x: region.width, y: region.height });
  t.ok(Math.hypot(far.x - region.quad[2].x, far.y - region.quad[2].y) < 1e-6, 'and the opposite one');
  const whole = warpQuad(photo, region.quad, region.width, region.height);
  const line: Quad = [{ x: 200, y: 300 }, { x: 700, y: 310 }, { x: 699, y: 360 }, { x: 199, y: 350 }];
  const once = cropLine(photo, line, region);
  const twice = cropLine(whole, line);
  t.same([once.width, once.height], [twice.width, twice.height], 'of the same size');
  let difference = 0;
  for (let i = 0; i < once.rgb.length; i += 1) difference += Math.abs(once.rgb[i]! - twice.rgb[i]!);
  t.ok(difference / once.rgb.length < 3, `alike: ${(difference / once.rgb.length).toFixed(2)} per sample`);
});
