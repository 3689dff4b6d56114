/**
 * The ways a real MRZ page reaches the service other than as scanned: turned a quarter or a half
 * (in its pixels, or upright pixels with an EXIF orientation that a viewer undoes), scaled down,
 * photographed smaller on a table, tilted in the hand, and dimmed under poor light. Each variant is made from the page's own file with sharp
 * and encoded as a JPEG, as a phone would send it; the pipeline's intake decodes it.
 */
import sharp, { type Sharp } from 'sharp';
import { decodeImage } from '../pipeline/backends/sharp.js';

export interface MrzVariant {
  name: string;
  /** The variant's file, or null where it does not apply to the page. */
  make(file: Buffer): Promise<Buffer | null>;
}

const JPEG_QUALITY = 90;

const jpeg = (image: Sharp): Promise<Buffer> => image.jpeg({ quality: JPEG_QUALITY }).toBuffer();

/**
 * The page as the pipeline's intake decodes it (upright, RGB, at most its size cap): the file's own
 * format may be one sharp does not open (a bitmap named .jpg).
 */
async function upright(file: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { rgb, width, height } = await decodeImage(file, 'frontImageBase64');
  return { data: rgb, width, height };
}

const raw = (page: { data: Buffer; width: number; height: number }): Sharp =>
  sharp(page.data, { raw: { width: page.width, height: page.height, channels: 3 } });

/** The page's pixels turned `angle`° clockwise, no orientation tag: the page lies on its side. */
function turned(angle: 90 | 180 | 270): MrzVariant {
  return { name: `turned ${angle}`, make: async (file) => jpeg(raw(await upright(file)).rotate(angle)) };
}

/**
 * The page's pixels turned as a phone's sensor stores them, with the EXIF orientation that turns
 * them upright again (6: turn 90° clockwise to view, 3: 180°, 8: 270°).
 */
function exif(orientation: 3 | 6 | 8): MrzVariant {
  const stored = ({ 3: 180, 6: 270, 8: 90 } as const)[orientation];
  return {
    name: `EXIF ${orientation}`,
    make: async (file) => {
      const pixels = await raw(await upright(file)).rotate(stored).jpeg({ quality: JPEG_QUALITY }).toBuffer();
      return sharp(pixels).withMetadata({ orientation }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
    },
  };
}

/**
 * The longer side below which a page is not scaled down: a small scan's MRZ characters are then a
 * few pixels wide, no longer legible, and the variant would measure nothing but that.
 */
const MIN_SCALED_SIDE = 640;

/** The page scaled to `share` of its size, its longer side kept at MIN_SCALED_SIDE or more; null for a page already that small. */
function scaled(share: number): MrzVariant {
  return {
    name: `scaled ${Math.round(share * 100)} %`,
    make: async (file) => {
      const page = await upright(file);
      const long = Math.max(page.width, page.height);
      if (long <= MIN_SCALED_SIDE) return null;
      const scale = Math.max(share, MIN_SCALED_SIDE / long);
      return jpeg(raw(page).resize(Math.round(page.width * scale)));
    },
  };
}

/** A deterministic wood-like table: a brown with grain along x and speckle. */
function table(width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const random = (): number => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
  const grain = Array.from({ length: height }, (_, y) => 30 * Math.sin(y / 7) + 20 * Math.sin(y / 23 + 1) + 10 * random());
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const g = grain[y]! + 12 * Math.sin(x / 90 + y / 40) + 16 * (random() - 0.5);
      const i = (y * width + x) * 3;
      out[i] = Math.max(0, Math.min(255, 120 + g));
      out[i + 1] = Math.max(0, Math.min(255, 78 + 0.7 * g));
      out[i + 2] = Math.max(0, Math.min(255, 45 + 0.4 * g));
    }
  }
  return out;
}

/**
 * The page photographed on a table: at its own size, tilted `tilt`°, placed off-centre on a
 * wood-like background so that its longer side spans `share` of the photo's. The intake then
 * scales a large photo down to its cap, the page with it.
 */
function onTable(share: number, tilt: number): MrzVariant {
  return {
    name: `on a table at ${Math.round(share * 100)} %, tilted ${tilt}°`,
    make: async (file) => {
      const page = await upright(file);
      const long = Math.max(page.width, page.height) / share;
      const canvas = { width: Math.round(long), height: Math.round(long * 0.75) };
      const placed = await raw(page).rotate(tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer({ resolveWithObject: true });
      const left = Math.max(0, Math.round((canvas.width - placed.info.width) * 0.4));
      const top = Math.max(0, Math.round((canvas.height - placed.info.height) * 0.55));
      const background = sharp(table(canvas.width, canvas.height), { raw: { ...canvas, channels: 3 } });
      const width = Math.max(canvas.width, left + placed.info.width);
      const height = Math.max(canvas.height, top + placed.info.height);
      const framed = width === canvas.width && height === canvas.height ? background
        : sharp(await background.resize(width, height, { fit: 'fill' }).png().toBuffer());
      return jpeg(framed.composite([{ input: placed.data, left, top }]));
    },
  };
}

/** The page tilted `angle`° (counter-clockwise where negative) on a grey ground: a hand-held shot. */
function tilted(angle: number): MrzVariant {
  return { name: `tilted ${angle}°`, make: async (file) => jpeg(raw(await upright(file)).rotate(angle, { background: '#555555' })) };
}

/** The page dimmed to `gain` of its contrast, as under poor light, and saved at a phone's lower JPEG quality. */
function dimmed(gain: number): MrzVariant {
  return {
    name: `dimmed to ${Math.round(gain * 100)} %`,
    make: async (file) => raw(await upright(file)).linear(gain, 10).jpeg({ quality: 70 }).toBuffer(),
  };
}

/** The variants measured, in order. */
export const MRZ_VARIANTS: readonly MrzVariant[] = Object.freeze([
  turned(90), turned(180), turned(270),
  exif(6), exif(3), exif(8),
  scaled(0.55),
  onTable(0.6, 4),
  tilted(-8),
  dimmed(0.6),
]);
