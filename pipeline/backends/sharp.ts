/** The pipeline's only importer of sharp: uploads into raw buffers, EXIF orientation applied, larger side ≤ 1500 px. */
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { ACCEPTED_FORMAT_NAMES, ACCEPTED_IMAGE_FORMATS, SHARP_FORMATS, anImage, refusedFormatName, sniffImageFormat } from '../../common/image-format.js';
import { CodedError } from '../../common/errors.js';
import { decodeBmp, isBmp, readBmpHeader } from './bmp.js';
import { workerSettings } from '../worker-settings.js';

/** The contract's limit on the larger side; larger images are downscaled, not rejected. */
export const MAX_SIDE = 1500;
/** Decompression-bomb guard (decisions.md): never decode more than this. */
export const MAX_PIXELS = 40_000_000;
export const MAX_DIMENSION = 10_000;

let configured = false;
function configure(): void {
  if (configured) return;
  // One thread per image operation: the pool's width is the parallelism (pipeline/config.ts).
  sharp.concurrency(workerSettings().sharpConcurrency);
  sharp.cache(false);
  configured = true;
}

export interface DecodedImage {
  width: number;
  height: number;
  grey: Buffer;
  rgb: Buffer;
  downscaled: boolean;
  /** Width as uploaded, before any downscale. */
  sourceWidth: number;
}

function checkDimensions(width: number, height: number, field: string): void {
  if (width < 1 || height < 1 || width > MAX_DIMENSION || height > MAX_DIMENSION || width * height > MAX_PIXELS) {
    throw new CodedError('ValidationError', `${field} has dimensions ${width}×${height}, beyond the accepted ${MAX_DIMENSION} px / 40 MP`);
  }
}

interface SharpInput {
  input: Buffer;
  options: SharpOptions;
  orientation: number;
  width: number;
  height: number;
}

function bmpInput(bytes: Uint8Array, field: string): SharpInput {
  const header = readBmpHeader(bytes);
  if (typeof header === 'string') throw new CodedError('ValidationError', `${field} must be a ${ACCEPTED_IMAGE_FORMATS} image, got ${header}`);
  checkDimensions(header.width, header.height, field);
  let rgb: Buffer;
  try {
    rgb = decodeBmp(bytes, header).rgb;
  } catch (error) {
    throw new CodedError('ValidationError', `${field} is a corrupt or truncated image`, String(error));
  }
  return { input: rgb, options: { raw: { width: header.width, height: header.height, channels: 3 } }, orientation: 1, width: header.width, height: header.height };
}

async function fileInput(bytes: Uint8Array, field: string): Promise<SharpInput> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch (error) {
    // A format sharp cannot open at all (HEIC) is named; bytes of a format taken are corrupt.
    const sniffed = sniffImageFormat(bytes);
    const refused = sniffed !== undefined && !ACCEPTED_FORMAT_NAMES.has(sniffed);
    throw new CodedError('ValidationError', refused ? `${field} must be a ${ACCEPTED_IMAGE_FORMATS} image, got ${anImage(sniffed)}` : `${field} is not a decodable image`, String(error));
  }
  if (!SHARP_FORMATS.has(meta.format ?? '')) {
    throw new CodedError('ValidationError', `${field} must be a ${ACCEPTED_IMAGE_FORMATS} image, got ${anImage(refusedFormatName(bytes, meta.format, meta.compression))}`);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  checkDimensions(width, height, field);
  return { input, options: { limitInputPixels: MAX_PIXELS, failOn: 'error' }, orientation: meta.orientation ?? 1, width, height };
}

/** Decodes JPEG, PNG, WebP, TIFF or BMP bytes into upright RGB and grey; anything else is a ValidationError naming `field`. */
export async function decodeImage(bytes: Uint8Array, field: string): Promise<DecodedImage> {
  configure();
  const { input, options, orientation, width, height } = isBmp(bytes) ? bmpInput(bytes, field) : await fileInput(bytes, field);
  try {
    const upright = sharp(input, options)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha();
    const { data: rgb, info } = await upright.clone().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const grey = await sharp(rgb, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .greyscale().raw().toBuffer();
    const orientedWidth = orientation >= 5 ? height : width;
    return { width: info.width, height: info.height, rgb, grey, downscaled: info.width < orientedWidth, sourceWidth: orientedWidth };
  } catch (error) {
    throw new CodedError('ValidationError', `${field} is a corrupt or truncated image`, String(error));
  }
}

export async function encodeJpeg(rgb: Buffer, width: number, height: number, quality = 90): Promise<Buffer> {
  configure();
  return sharp(rgb, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

export async function encodePng(raw: Buffer, width: number, height: number, channels: 1 | 3 | 4): Promise<Buffer> {
  configure();
  return sharp(raw, { raw: { width, height, channels } }).png().toBuffer();
}
