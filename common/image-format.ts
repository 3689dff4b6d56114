// A refusal names the format found ("got a HEIC image", a phone photo being the common case).

export const ACCEPTED_IMAGE_FORMATS = 'JPEG, PNG, WebP, TIFF or BMP';

export const ACCEPTED_FORMAT_NAMES: ReadonlySet<string> = new Set(['JPEG', 'PNG', 'WebP', 'TIFF', 'BMP']);

/** BMP is read by our own decoder, not by sharp. */
export const SHARP_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'tiff']);

/** ISO base media file brands (the `ftyp` box) of HEIF images. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'mif2']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

export function sniffImageFormat(bytes: Uint8Array): string | undefined {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    // The major brand, then the compatible ones: an HEIC photo may say mif1 first.
    const brands = [ascii(bytes, 8, 12)];
    const boxSize = (bytes[0]! << 24 | bytes[1]! << 16 | bytes[2]! << 8 | bytes[3]!) >>> 0;
    for (let at = 16; at + 4 <= Math.min(boxSize, bytes.length, 64); at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'AVIF';
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'HEIC';
    if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'HEIF';
    if (brands[0] === 'crx ') return 'Canon CR3 raw';
    return undefined;
  }
  const head = ascii(bytes, 0, 16);
  if (head.startsWith('\xff\xd8\xff')) return 'JPEG';
  if (head.startsWith('\x89PNG')) return 'PNG';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'WebP';
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'TIFF';
  if (head.startsWith('BM')) return 'BMP';
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'GIF';
  if (head.startsWith('%PDF')) return 'PDF';
  if (head.startsWith('\0\0\0\x0cjP  ') || head.startsWith('\xff\x4f\xff\x51')) return 'JPEG 2000';
  if (head.startsWith('\xff\x0a') || head.startsWith('\0\0\0\x0cJXL ')) return 'JPEG XL';
  if (head.startsWith('8BPS')) return 'Photoshop (PSD)';
  if (head.startsWith('\0\0\x01\0')) return 'ICO';
  if (/^\s*(<\?xml|<svg)/i.test(ascii(bytes, 0, 256))) return 'SVG';
  return undefined;
}

/** By signature, else from sharp (its `heif` is HEIC or AVIF by the compression inside). */
export function refusedFormatName(bytes: Uint8Array, sharpFormat?: string, compression?: string): string {
  if (sharpFormat === 'heif') return compression === 'av1' ? 'AVIF' : 'HEIC';
  return sniffImageFormat(bytes) ?? sharpFormat?.toUpperCase() ?? 'unknown';
}

/** "a HEIC image", "an AVIF image". */
export function anImage(format: string, rest = ''): string {
  return `${/^[aeiou]/i.test(format) ? 'an' : 'a'} ${format} image${rest}`;
}
