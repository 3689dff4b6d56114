/**
 * The JPEG quality estimate reads the encoder's setting back from the quantisation table: exact
 * for sharp's (libjpeg's) scaling at every quality the contract's limit cares about, and null
 * for what is not a JPEG.
 */
import sharp from 'sharp';
import t from 'tap';
import { jpegQuality } from '../../pipeline/capture/jpeg-quality.js';

const image = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } });

t.test('the quality a JPEG was encoded at is read back', async (t) => {
  for (const quality of [10, 25, 40, 60, 80, 84, 85, 90, 95, 100]) {
    t.equal(jpegQuality(await image.clone().jpeg({ quality }).toBuffer()), quality, `quality ${quality}`);
  }
});

t.test('PNG, WebP, a cut header and garbage have no JPEG quality', async (t) => {
  t.equal(jpegQuality(await image.clone().png().toBuffer()), null);
  t.equal(jpegQuality(await image.clone().webp().toBuffer()), null);
  const jpeg = await image.clone().jpeg().toBuffer();
  t.equal(jpegQuality(jpeg.subarray(0, 30)), null, 'cut before its table');
  t.equal(jpegQuality(Buffer.from('not an image at all')), null);
});
