/** Windows bitmaps into raw RGB for sharp (libvips reads no BMP); the header is common/bmp-header.ts. */
import { bmpIsWhole, readBmpHeader, type BmpHeader } from '../../common/bmp-header.js';

export { isBmp, readBmpHeader } from '../../common/bmp-header.js';

export interface RgbImage {
  width: number;
  height: number;
  rgb: Buffer;
}

function channel(pixel: number, mask: number): number {
  const shift = 31 - Math.clz32(mask & -mask);
  const max = mask >>> shift;
  return Math.round((((pixel & mask) >>> shift) * 255) / max);
}

function pixelsOf(bytes: Uint8Array, h: BmpHeader): Buffer {
  const { width, height, stride, bitsPerPixel: bits } = h;
  const rgb = Buffer.alloc(width * height * 3);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let y = 0; y < height; y += 1) {
    // Rows are stored bottom-up unless the header's height is negative.
    const row = h.pixelOffset + stride * (h.topDown ? y : height - 1 - y);
    for (let x = 0; x < width; x += 1) {
      const at = 3 * (y * width + x);
      if (bits <= 8) {
        const perByte = 8 / bits;
        const byte = bytes[row + Math.floor(x / perByte)]!;
        const index = (byte >> (8 - bits * (1 + (x % perByte)))) & ((1 << bits) - 1);
        // An index past the palette (a malformed file) reads as its last entry.
        const entry = h.paletteOffset + 4 * Math.min(index, h.paletteSize - 1);
        rgb[at] = bytes[entry + 2]!;
        rgb[at + 1] = bytes[entry + 1]!;
        rgb[at + 2] = bytes[entry]!;
      } else if (h.masks !== null) {
        const pixel = view.getUint32(row + 4 * x, true);
        rgb[at] = channel(pixel, h.masks[0]);
        rgb[at + 1] = channel(pixel, h.masks[1]);
        rgb[at + 2] = channel(pixel, h.masks[2]);
      } else {
        const bgr = row + (bits / 8) * x;
        rgb[at] = bytes[bgr + 2]!;
        rgb[at + 1] = bytes[bgr + 1]!;
        rgb[at + 2] = bytes[bgr]!;
      }
    }
  }
  return rgb;
}

/** The pixels of a bitmap whose header the caller read and judged (or any the header reader takes); throws when unreadable. */
export function decodeBmp(bytes: Uint8Array, header: BmpHeader | string = readBmpHeader(bytes)): RgbImage {
  if (typeof header === 'string') throw new Error(`The bitmap cannot be read: ${header}.`);
  if (!bmpIsWhole(bytes, header)) throw new Error('The bitmap cannot be read: it is truncated.');
  return { width: header.width, height: header.height, rgb: pixelsOf(bytes, header) };
}
