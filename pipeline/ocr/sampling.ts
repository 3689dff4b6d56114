/** Pixel sampling for the OCR models; `bgr` keeps PaddleOCR's BGR order, which its mean/std lists assume. */
import type { Point, Quad } from './geometry.js';
import type { GreyImage, RgbImage } from '../image.js';

export interface Normalisation {
  mean: readonly [number, number, number];
  std: readonly [number, number, number];
}

/** (x/255 − 0.5) / 0.5: the recognition and direction models. */
export const HALF: Normalisation = Object.freeze({ mean: [0.5, 0.5, 0.5] as const, std: [0.5, 0.5, 0.5] as const });
/** ImageNet statistics: the detection model. */
export const IMAGENET: Normalisation = Object.freeze({ mean: [0.485, 0.456, 0.406] as const, std: [0.229, 0.224, 0.225] as const });

/** Bilinearly resizes `image` into `out` at batch offset `offset`, normalised, BGR; columns past `width` kept. */
export function writeTensor(image: RgbImage, width: number, height: number, norm: Normalisation,
  out: Float32Array, offset = 0, outWidth = width, outHeight = height): void {
  const plane = outWidth * outHeight;
  const lut = [0, 1, 2].map((c) => {
    const t = new Float32Array(256);
    for (let v = 0; v < 256; v += 1) t[v] = (v / 255 - norm.mean[c]!) / norm.std[c]!;
    return t;
  }) as [Float32Array, Float32Array, Float32Array];
  // Pixel-centre alignment as cv2.resize's INTER_LINEAR; column weights worked out once.
  if (image.width === width && image.height === height) {
    writeSameSize(image, lut, out, offset, outWidth, plane);
    return;
  }
  const stride = image.width * 3;
  const x0s = new Int32Array(width); const x1s = new Int32Array(width); const wxs = new Float64Array(width);
  const sx = image.width / width;
  for (let x = 0; x < width; x += 1) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), image.width - 1);
    const x0 = fx | 0;
    x0s[x] = x0 * 3; x1s[x] = Math.min(x0 + 1, image.width - 1) * 3; wxs[x] = fx - x0;
  }
  const sy = image.height / height;
  const src = image.rgb;
  const [lutB, lutG, lutR] = lut;
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), image.height - 1);
    const y0 = fy | 0;
    const wy = fy - y0;
    const row0 = y0 * stride;
    const row1 = Math.min(y0 + 1, image.height - 1) * stride;
    const rowOut = offset + y * outWidth;
    for (let x = 0; x < width; x += 1) {
      const wx = wxs[x]!;
      const a = row0 + x0s[x]!; const b = row0 + x1s[x]!; const c = row1 + x0s[x]!; const d = row1 + x1s[x]!;
      out[2 * plane + rowOut + x] = lutR[bilinear(src[a]!, src[b]!, src[c]!, src[d]!, wx, wy)]!;
      out[plane + rowOut + x] = lutG[bilinear(src[a + 1]!, src[b + 1]!, src[c + 1]!, src[d + 1]!, wx, wy)]!;
      out[rowOut + x] = lutB[bilinear(src[a + 2]!, src[b + 2]!, src[c + 2]!, src[d + 2]!, wx, wy)]!;
    }
  }
}

/** writeTensor of an image already of the tensor's size (a region warped at the detector's): no resampling. */
function writeSameSize(image: RgbImage, [lutB, lutG, lutR]: readonly Float32Array[], out: Float32Array, offset: number,
  outWidth: number, plane: number): void {
  const src = image.rgb;
  for (let y = 0; y < image.height; y += 1) {
    const rowOut = offset + y * outWidth;
    let i = y * image.width * 3;
    for (let x = 0; x < image.width; x += 1, i += 3) {
      out[2 * plane + rowOut + x] = lutR![src[i]!]!;
      out[plane + rowOut + x] = lutG![src[i + 1]!]!;
      out[rowOut + x] = lutB![src[i + 2]!]!;
    }
  }
}

/** Bilinear interpolation of four bytes (top-left, top-right, bottom-left, bottom-right), rounded. */
function bilinear(a: number, b: number, c: number, d: number, wx: number, wy: number): number {
  const top = a + (b - a) * wx;
  const bottom = c + (d - c) * wx;
  return (top + (bottom - top) * wy + 0.5) | 0;
}

/** The 3×3 homography (row-major, h33 = 1) mapping a `width`×`height` rectangle's corners onto `quad`. */
export function rectToQuad(quad: Quad, width: number, height: number): Float64Array {
  const src: Point[] = [{ x: 0, y: 0 }, { x: width, y: 0 }, { x: width, y: height }, { x: 0, y: height }];
  const m: number[][] = [];
  for (let i = 0; i < 4; i += 1) {
    const { x, y } = src[i]!;
    const { x: u, y: v } = quad[i]!;
    m.push([x, y, 1, 0, 0, 0, -x * u, -y * u, u]);
    m.push([0, 0, 0, x, y, 1, -x * v, -y * v, v]);
  }
  for (let col = 0; col < 8; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < 8; r += 1) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) throw new Error('degenerate quadrilateral');
    for (let r = 0; r < 8; r += 1) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      for (let k = col; k < 9; k += 1) m[r]![k]! -= f * m[col]![k]!;
    }
  }
  const h = new Float64Array(9);
  for (let i = 0; i < 8; i += 1) h[i] = m[i]![8]! / m[i]![i]!;
  h[8] = 1;
  return h;
}

/** Samples `quad` upright, blended a·(1−wx) + b·wx per row then column: `bilinear`'s rounding would move readings. */
export function warpQuad(image: RgbImage, quad: Quad, width: number, height: number): RgbImage {
  const [h0, h1, h2, h3, h4, h5, h6, h7] = rectToQuad(quad, width, height) as unknown as number[];
  const out = new Uint8Array(width * height * 3);
  const src = image.rgb;
  const stride = image.width * 3;
  const maxX = image.width - 1;
  const maxY = image.height - 1;
  const ux = new Float64Array(width); const vx = new Float64Array(width); const wx0 = new Float64Array(width);
  for (let x = 0; x < width; x += 1) {
    const cx = x + 0.5;
    ux[x] = h0! * cx; vx[x] = h3! * cx; wx0[x] = h6! * cx;
  }
  let o = 0;
  for (let y = 0; y < height; y += 1) {
    const cy = y + 0.5;
    const uy = h1! * cy; const vy = h4! * cy; const wy0 = h7! * cy;
    for (let x = 0; x < width; x += 1) {
      const w = wx0[x]! + wy0 + 1;
      let fx = (ux[x]! + uy + h2!) / w - 0.5;
      fx = fx < 0 ? 0 : fx > maxX ? maxX : fx;
      let fy = (vx[x]! + vy + h5!) / w - 0.5;
      fy = fy < 0 ? 0 : fy > maxY ? maxY : fy;
      const x0 = fx | 0;
      const y0 = fy | 0;
      const wx = fx - x0; const wy = fy - y0;
      const iwx = 1 - wx; const iwy = 1 - wy;
      const a = y0 * stride + x0 * 3;
      const b = x0 < maxX ? a + 3 : a;
      const down = y0 < maxY ? stride : 0;
      const c = a + down; const d = b + down;
      out[o] = ((src[a]! * iwx + src[b]! * wx) * iwy + (src[c]! * iwx + src[d]! * wx) * wy + 0.5) | 0;
      out[o + 1] = ((src[a + 1]! * iwx + src[b + 1]! * wx) * iwy + (src[c + 1]! * iwx + src[d + 1]! * wx) * wy + 0.5) | 0;
      out[o + 2] = ((src[a + 2]! * iwx + src[b + 2]! * wx) * iwy + (src[c + 2]! * iwx + src[d + 2]! * wx) * wy + 0.5) | 0;
      o += 3;
    }
  }
  return { width, height, rgb: out };
}

/** `image` turned `degrees` clockwise (0, 90, 180 or 270). */
export function rotateImage(image: RgbImage, degrees: number): RgbImage {
  const turn = ((degrees % 360) + 360) % 360;
  if (turn === 0) return image;
  const { width, height, rgb } = image;
  const outWidth = turn === 180 ? width : height;
  const outHeight = turn === 180 ? height : width;
  const out = new Uint8Array(rgb.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let nx: number; let ny: number;
      if (turn === 90) { nx = height - 1 - y; ny = x; } else if (turn === 180) { nx = width - 1 - x; ny = height - 1 - y; } else { nx = y; ny = width - 1 - x; }
      const s = (y * width + x) * 3;
      const d = (ny * outWidth + nx) * 3;
      out[d] = rgb[s]!; out[d + 1] = rgb[s + 1]!; out[d + 2] = rgb[s + 2]!;
    }
  }
  return { width: outWidth, height: outHeight, rgb: out };
}

/** The image in grey, as ITU-R BT.601 luma. */
export function greyOf(image: RgbImage): GreyImage {
  const grey = new Uint8Array(image.width * image.height);
  for (let i = 0; i < grey.length; i++) grey[i] = (image.rgb[3 * i]! * 299 + image.rgb[3 * i + 1]! * 587 + image.rgb[3 * i + 2]! * 114) / 1000;
  return { width: image.width, height: image.height, grey };
}
