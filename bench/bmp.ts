/**
 * Uncompressed Windows bitmaps (8-bit palette or 24-bit), turned into PNG as a client would before
 * uploading: the service accepts JPEG, PNG and WebP (decisions.md), and some real captures
 * (document readers' exports) are bitmaps whatever their file name says.
 */
import sharp from 'sharp';

export function isBmp(bytes: Uint8Array): boolean {
  return bytes.length > 54 && bytes[0] === 0x42 && bytes[1] === 0x4d;
}

export async function bmpToPng(bytes: Buffer): Promise<Buffer> {
  const offset = bytes.readUInt32LE(10);
  const width = bytes.readInt32LE(18);
  const signedHeight = bytes.readInt32LE(22);
  const bits = bytes.readUInt16LE(28);
  if (bytes.readUInt32LE(30) !== 0 || (bits !== 8 && bits !== 24)) throw new Error(`unsupported bitmap: ${bits} bits, compression ${bytes.readUInt32LE(30)}`);
  const height = Math.abs(signedHeight);
  const stride = Math.ceil((width * bits) / 32) * 4;
  const palette = 14 + bytes.readUInt32LE(14);
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    // Rows are stored bottom-up unless the height is negative.
    const row = offset + stride * (signedHeight > 0 ? height - 1 - y : y);
    for (let x = 0; x < width; x += 1) {
      const bgr = bits === 24 ? row + 3 * x : palette + 4 * bytes[row + x]!;
      const at = 3 * (y * width + x);
      rgb[at] = bytes[bgr + 2]!;
      rgb[at + 1] = bytes[bgr + 1]!;
      rgb[at + 2] = bytes[bgr]!;
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } }).png().toBuffer();
}
