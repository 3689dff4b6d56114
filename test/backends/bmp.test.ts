/**
 * The bitmap decoder (pipeline/backends/bmp.ts) and the header it shares with the front door
 * (common/bmp-header.ts): every layout scanners write reads back to the pixels written, top-down
 * or bottom-up; what is not read is refused with the reason; a cut file is not whole.
 */
import t from 'tap';
import { bmpIsWhole, readBmpHeader } from '../../common/bmp-header.js';
import { decodeBmp, isBmp } from '../../pipeline/backends/bmp.js';
import { decodeImage } from '../../pipeline/backends/sharp.js';
import { encodeBmp } from '../fixtures/bmp-encode.js';

const WIDTH = 13; // odd, so that rows are padded
const HEIGHT = 7;

/** A test card of `colours` colours: vertical bands, the top row marked, so that a flipped image shows. */
function card(colours: number): Buffer {
  const palette = [[255, 255, 255], [0, 0, 0], [200, 30, 40], [20, 160, 60], [30, 60, 200], [250, 200, 0], [90, 90, 90], [0, 200, 200]];
  const rgb = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const colour = palette[y === 0 ? 1 % colours : x % colours]!;
      rgb.set(colour, 3 * (y * WIDTH + x));
    }
  }
  return rgb;
}

t.test('1-, 4-, 8-, 24- and 32-bit bitmaps read back to the pixels written, either row order', async (t) => {
  for (const [bits, colours] of [[1, 2], [4, 8], [8, 8], [24, 8], [32, 8]] as const) {
    for (const topDown of [false, true]) {
      const rgb = card(colours);
      const file = encodeBmp(rgb, WIDTH, HEIGHT, { bits, topDown });
      t.ok(isBmp(file));
      const image = decodeBmp(file);
      t.same([image.width, image.height], [WIDTH, HEIGHT]);
      t.ok(image.rgb.equals(rgb), `${bits} bits, ${topDown ? 'top-down' : 'bottom-up'}`);
    }
  }
  const masked = encodeBmp(card(8), WIDTH, HEIGHT, { bits: 32, bitfields: true });
  t.ok(decodeBmp(masked).rgb.equals(card(8)), '32 bits with BI_BITFIELDS masks');
});

t.test('compressed and 16-bit bitmaps are refused, saying why', async (t) => {
  t.equal(readBmpHeader(encodeBmp(card(8), WIDTH, HEIGHT, { bits: 8, compression: 1 })), 'a BMP image with RLE8 compression (only uncompressed bitmaps are read)');
  t.equal(readBmpHeader(encodeBmp(card(8), WIDTH, HEIGHT, { bits: 24, compression: 4 })), 'a BMP image with JPEG compression (only uncompressed bitmaps are read)');
  const sixteen = encodeBmp(card(8), WIDTH, HEIGHT, { bits: 24 });
  sixteen.writeUInt16LE(16, 28);
  t.equal(readBmpHeader(sixteen), 'a 16-bit BMP image (1, 4, 8, 24 and 32 bits are read)');
  t.throws(() => decodeBmp(sixteen), { message: 'The bitmap cannot be read: a 16-bit BMP image (1, 4, 8, 24 and 32 bits are read).' });
});

t.test('a bitmap cut short is not whole and is not decoded', async (t) => {
  const file = encodeBmp(card(8), WIDTH, HEIGHT);
  const cut = file.subarray(0, file.length - 10);
  const header = readBmpHeader(cut);
  if (typeof header === 'string') throw new Error(header);
  t.equal(bmpIsWhole(cut, header), false);
  t.equal(bmpIsWhole(file, header), true);
  t.throws(() => decodeBmp(cut), { message: 'The bitmap cannot be read: it is truncated.' });
});

t.test('intake decodes a bitmap as it does a PNG; a header over the limits is refused before its rows are read', async (t) => {
  const image = await decodeImage(encodeBmp(card(8), WIDTH, HEIGHT, { bits: 8 }), 'frontImageBase64');
  t.same([image.width, image.height], [WIDTH, HEIGHT]);
  t.ok(image.rgb.equals(card(8)), 'the same pixels, upright');
  const bomb = encodeBmp(card(8), WIDTH, HEIGHT);
  bomb.writeInt32LE(30_000, 18);
  bomb.writeInt32LE(30_000, 22);
  await t.rejects(decodeImage(bomb, 'frontImageBase64'), { code: 'ValidationError', message: 'frontImageBase64 has dimensions 30000×30000, beyond the accepted 10000 px / 40 MP' });
  await t.rejects(decodeImage(encodeBmp(card(8), WIDTH, HEIGHT, { bits: 8, compression: 1 }), 'frontImageBase64'),
    { code: 'ValidationError', message: 'frontImageBase64 must be a JPEG, PNG, WebP, TIFF or BMP image, got a BMP image with RLE8 compression (only uncompressed bitmaps are read)' });
});
