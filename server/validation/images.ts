/**
 * Image intake checks of the front door; the only importer of sharp in server/.
 * Order matters: the base64 is decoded, the header is read (sharp metadata reads no pixels), the
 * format and the dimensions are checked, and only then is the image decoded once to prove it is
 * whole. A decompression bomb is therefore rejected before a single pixel is decoded.
 */
import sharp, { type Metadata } from 'sharp';

/** decisions.md, Images: larger than this on a side, or more pixels than this, is a bomb. */
export const MAX_SIDE_PX = 10_000;
export const MAX_PIXELS = 40_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

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

/**
 * Checks that bytes are one whole JPEG, PNG or WebP image within the size limits.
 * Returns null when acceptable, else what is wrong (to complete "… must be …, got …").
 */
export async function checkImage(bytes: Buffer): Promise<string | null> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return 'bytes that are not a JPEG, PNG or WebP image';
  }
  if (meta.format === undefined || !FORMATS.has(meta.format)) {
    return `a ${meta.format ?? 'unknown'} image`;
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width > MAX_SIDE_PX || height > MAX_SIDE_PX || width * height > MAX_PIXELS) {
    return `a ${width}x${height} image (at most ${MAX_SIDE_PX} px a side and ${MAX_PIXELS / 1e6} megapixels)`;
  }
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
