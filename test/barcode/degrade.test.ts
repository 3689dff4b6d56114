/**
 * The degradation fixture (test/fixtures/degrade.ts) that the barcode tests and the specimen
 * corpus build their captures with: reproducible to the byte, and doing what it says.
 */
import sharp from 'sharp';
import t from 'tap';
import { degrade, type Degradation } from '../fixtures/degrade.js';
import { mulberry32 } from '../fixtures/random.js';

const PHOTO: Degradation = {
  rotateDeg: 9, perspective: 0.1, blurSigma: 1, noise: 6, jpegQuality: 50, scale: 0.7, glare: 0.4, unevenLight: 0.5, background: true,
};

async function page(): Promise<Buffer> {
  const text = '<svg width="400" height="250"><rect width="400" height="250" fill="#f4f4f4"/><text x="20" y="120" font-size="40">SPECIMEN</text></svg>';
  return sharp(Buffer.from(text)).png().toBuffer();
}

t.test('mulberry32 repeats its stream for a seed and differs between seeds', async (t) => {
  const draw = (seed: number): number[] => Array.from({ length: 5 }, mulberry32(seed));
  t.same(draw(42), draw(42));
  t.not(draw(42)[0], draw(43)[0]);
  t.ok(draw(7).every((v) => v >= 0 && v < 1));
});

t.test('the same image, degradation and seed give the same bytes; another seed does not', async (t) => {
  const image = await page();
  const first = await degrade(image, PHOTO, 5);
  t.ok(first.equals(await degrade(image, PHOTO, 5)));
  t.notOk(first.equals(await degrade(image, PHOTO, 6)));
});

t.test('the output is JPEG when a quality is given, PNG otherwise', async (t) => {
  const image = await page();
  t.equal((await sharp(await degrade(image, { jpegQuality: 50 }, 1)).metadata()).format, 'jpeg');
  t.equal((await sharp(await degrade(image, { blurSigma: 1 }, 1)).metadata()).format, 'png');
});

t.test('scale shrinks the frame; rotation and a surface enlarge it to hold the turned document', async (t) => {
  const image = await page();
  t.match(await sharp(await degrade(image, { scale: 0.5 }, 1)).metadata(), { width: 200, height: 125 });
  const turned = await sharp(await degrade(image, { rotateDeg: 15 }, 1)).metadata();
  t.ok(turned.width! > 400 && turned.height! > 250, `turned: ${turned.width}×${turned.height}`);
  const placed = await sharp(await degrade(image, { background: 'wood' }, 1)).metadata();
  t.ok(placed.width! > 400 && placed.height! > 250, `on a surface: ${placed.width}×${placed.height}`);
});

t.test('no degradation returns the image unchanged in content', async (t) => {
  const image = await page();
  const original = await sharp(image).removeAlpha().raw().toBuffer();
  t.ok((await sharp(await degrade(image, {}, 1)).removeAlpha().raw().toBuffer()).equals(original));
});
