/**
 * The image formats the pipeline reads (decisions.md, "Images"), through its real gRPC Verify: a
 * TIFF and a BMP back (scanners write them) read as the JPEG they were made from; an HEIC back
 * is a ValidationError naming its format.
 */
import sharp from 'sharp';
import t from 'tap';
import { benchBackImage, BENCH_PERSON } from '../../bench/fixtures.js';
import { encodeBmp } from '../fixtures/bmp-encode.js';
import { errorCode, startPipeline, verify } from './helper.js';

t.test('a back image as TIFF or BMP, as scanners write them, is decoded as a JPEG is; HEIC is refused by name', async (t) => {
  const { client } = await startPipeline(t);
  const jpeg = await benchBackImage();
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const images: Array<[string, Buffer]> = [['TIFF', await sharp(jpeg).tiff().toBuffer()], ['BMP', encodeBmp(data, info.width, info.height)]];
  for (const [format, backImage] of images) {
    const { error, response } = await verify(client, { documentType: 1, backImage });
    t.equal(error, null, format);
    t.equal(response?.machineReadable?.document.id, BENCH_PERSON.dln, `${format}: the barcode is read`);
    t.equal(response?.quality[0]?.width, info.width, `${format}: the width as uploaded`);
  }
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(500)]);
  const { error } = await verify(client, { documentType: 1, backImage: heic });
  t.equal(errorCode(error), 'ValidationError');
  t.equal(error?.details, 'backOrSecondImageBase64 must be a JPEG, PNG, WebP, TIFF or BMP image, got a HEIC image');
});
