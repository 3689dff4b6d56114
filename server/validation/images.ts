// Dimensions are checked from the header before the one decode that proves an image whole, so a
// decompression bomb is refused first.
import sharp, { type Metadata } from 'sharp';
import { bmpIsWhole, isBmp, readBmpHeader } from '../../common/bmp-header.js';
import { ACCEPTED_FORMAT_NAMES, ACCEPTED_IMAGE_FORMATS, SHARP_FORMATS, anImage, refusedFormatName, sniffImageFormat } from '../../common/image-format.js';

/** decisions.md, Images: larger than this on a side, or more pixels than this, is a bomb. */
export const MAX_SIDE_PX = 10_000;
export const MAX_PIXELS = 40_000_000;

// Validation decodes one image at a time per request; libvips' own thread pool would only
// compete with the pipeline for the same cores.
sharp.concurrency(1);

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?(;[a-z0-9=-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** Strict base64 (standard or url-safe alphabet, padding optional, whitespace ignored); null if invalid. */
export function decodeBase64(raw: string): Buffer | null {
  const text = raw.replace(DATA_URL, '').replace(/\s+/g, '');
  if (text.length === 0 || text.length % 4 === 1) return null;
  if (BASE64.test(text)) return Buffer.from(text, 'base64');
  if (BASE64URL.test(text)) return Buffer.from(text, 'base64url');
  return null;
}

function outOfBounds(width: number, height: number): string | null {
  return width > MAX_SIDE_PX || height > MAX_SIDE_PX || width * height > MAX_PIXELS
    ? `a ${width}x${height} image (at most ${MAX_SIDE_PX} px a side and ${MAX_PIXELS / 1e6} megapixels)`
    : null;
}

function checkBmp(bytes: Buffer): string | null {
  const header = readBmpHeader(bytes);
  if (typeof header === 'string') return header;
  return outOfBounds(header.width, header.height)
    ?? (bmpIsWhole(bytes, header) ? null : anImage('BMP', ' that cannot be decoded (truncated or corrupt)'));
}

/** Null when acceptable, else what is wrong, completing "… must be …, got …". */
export async function checkImage(bytes: Buffer): Promise<string | null> {
  if (isBmp(bytes)) return checkBmp(bytes);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    const sniffed = sniffImageFormat(bytes);
    if (sniffed === undefined) return `bytes that are not a ${ACCEPTED_IMAGE_FORMATS} image`;
    return ACCEPTED_FORMAT_NAMES.has(sniffed) ? anImage(sniffed, ' that cannot be decoded (truncated or corrupt)') : anImage(sniffed);
  }
  if (meta.format === undefined || !SHARP_FORMATS.has(meta.format)) {
    return anImage(refusedFormatName(bytes, meta.format, meta.compression));
  }
  const tooLarge = outOfBounds(meta.width ?? 0, meta.height ?? 0);
  if (tooLarge !== null) return tooLarge;
  try {
    // A small thumbnail is enough to force every compressed byte through the decoder
    // (truncation and corruption fail here) without holding the full bitmap.
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    return `a ${meta.format} image that cannot be decoded (truncated or corrupt)`;
  }
  return null;
}
