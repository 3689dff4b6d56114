/**
 * Windows bitmaps as PNG, for the bench code that alters or renders a real document's image with
 * sharp (which reads no BMP); some real captures (document readers' exports) are bitmaps whatever
 * their file name says. The decoding is the pipeline's own (pipeline/backends/bmp.ts), the one
 * that reads a BMP upload.
 */
import sharp from 'sharp';
import { decodeBmp, isBmp } from '../pipeline/backends/bmp.js';

export { isBmp };

export async function bmpToPng(bytes: Buffer): Promise<Buffer> {
  const { width, height, rgb } = decodeBmp(bytes);
  return sharp(rgb, { raw: { width, height, channels: 3 } }).png().toBuffer();
}
