/** Pixel sampling for the face models; the warp samples a 2×2 box-filtered pyramid level, as shrinking over 2× aliases. */
import type { RgbImage } from '../image.js';

/** An affine map from output pixel (u, v) to source (x, y) = (a·u + b·v + c, d·u + e·v + f), centres at integers. */
export interface Affine {
  a: number; b: number; c: number;
  d: number; e: number; f: number;
}

const pyramids = new WeakMap<Uint8Array, RgbImage[]>();

/** Halves an image with a 2×2 box filter (an odd last row/column is dropped). */
function halve(image: RgbImage): RgbImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const out = new Uint8Array(width * height * 3);
  const src = image.rgb;
  const stride = image.width * 3;
  let o = 0;
  for (let y = 0; y < height; y++) {
    let a = 2 * y * stride;
    let b = a + stride;
    for (let x = 0; x < width; x++, a += 6, b += 6, o += 3) {
      out[o] = (src[a]! + src[a + 3]! + src[b]! + src[b + 3]! + 2) >> 2;
      out[o + 1] = (src[a + 1]! + src[a + 4]! + src[b + 1]! + src[b + 4]! + 2) >> 2;
      out[o + 2] = (src[a + 2]! + src[a + 5]! + src[b + 2]! + src[b + 5]! + 2) >> 2;
    }
  }
  return { width, height, rgb: out };
}

function pyramidLevel(image: RgbImage, level: number): RgbImage {
  let levels = pyramids.get(image.rgb);
  if (!levels) {
    levels = [image];
    pyramids.set(image.rgb, levels);
  }
  while (levels.length <= level) {
    const last = levels[levels.length - 1]!;
    if (last.width < 32 || last.height < 32) break;
    levels.push(halve(last));
  }
  return levels[Math.min(level, levels.length - 1)]!;
}

/** Warps `image` into a `width` × `height` RGB buffer, bilinear at `map(u, v)`; outside the image is black. */
export function warpAffine(image: RgbImage, map: Affine, width: number, height: number): Uint8Array {
  const scale = Math.sqrt(Math.abs(map.a * map.e - map.b * map.d));
  const level = scale > 2 ? Math.floor(Math.log2(scale / 2)) + 1 : 0;
  const src = pyramidLevel(image, level);
  const k = image.width / src.width;
  // Pixel centres: x_level = (x + 0.5) / k − 0.5.
  const a = map.a / k; const b = map.b / k; const c = (map.c + 0.5) / k - 0.5;
  const d = map.d / k; const e = map.e / k; const f = (map.f + 0.5) / k - 0.5;
  const out = new Uint8Array(width * height * 3);
  const { width: sw, height: sh, rgb } = src;
  const stride = sw * 3;
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const x = a * u + b * v + c;
      const y = d * u + e * v + f;
      if (x <= -1 || y <= -1 || x >= sw || y >= sh) continue;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const o = (v * width + u) * 3;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < sw && y0 + 1 < sh) {
        // Inside: all four neighbours exist, so no per-sample bounds tests.
        const i = y0 * stride + x0 * 3;
        const w00 = (1 - fx) * (1 - fy);
        const w10 = fx * (1 - fy);
        const w01 = (1 - fx) * fy;
        const w11 = fx * fy;
        // Samples are non-negative, so adding 0.5 and truncating rounds as Math.round does.
        out[o] = (rgb[i]! * w00 + rgb[i + 3]! * w10 + rgb[i + stride]! * w01 + rgb[i + stride + 3]! * w11 + 0.5) | 0;
        out[o + 1] = (rgb[i + 1]! * w00 + rgb[i + 4]! * w10 + rgb[i + stride + 1]! * w01 + rgb[i + stride + 4]! * w11 + 0.5) | 0;
        out[o + 2] = (rgb[i + 2]! * w00 + rgb[i + 5]! * w10 + rgb[i + stride + 2]! * w01 + rgb[i + stride + 5]! * w11 + 0.5) | 0;
        continue;
      }
      for (let ch = 0; ch < 3; ch++) {
        const p00 = x0 >= 0 && y0 >= 0 ? rgb[(y0 * sw + x0) * 3 + ch]! : 0;
        const p10 = x0 + 1 < sw && y0 >= 0 ? rgb[(y0 * sw + x0 + 1) * 3 + ch]! : 0;
        const p01 = x0 >= 0 && y0 + 1 < sh ? rgb[((y0 + 1) * sw + x0) * 3 + ch]! : 0;
        const p11 = x0 + 1 < sw && y0 + 1 < sh ? rgb[((y0 + 1) * sw + x0 + 1) * 3 + ch]! : 0;
        const top = p00 + (p10 - p00) * fx;
        const bottom = p01 + (p11 - p01) * fx;
        out[o + ch] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return out;
}

/** The map that shows the source square (left, top, side) in an output of `size` pixels. */
export function squareMap(left: number, top: number, side: number, size: number): Affine {
  const s = side / size;
  return { a: s, b: 0, c: left + s / 2 - 0.5, d: 0, e: s, f: top + s / 2 - 0.5 };
}

/** An RGB crop as a model's NHWC float input (p·scale + offset); `stretch` first maps [lo, hi] onto 0..255. */
export function toInput(rgb: Uint8Array, pixels: { scale: number; offset: number }, stretch?: { lo: number; hi: number }): Float32Array {
  const out = new Float32Array(rgb.length);
  const gain = stretch ? 255 / Math.max(1, stretch.hi - stretch.lo) : 1;
  const lo = stretch ? stretch.lo : 0;
  for (let i = 0; i < rgb.length; i++) {
    const p = stretch ? Math.min(255, Math.max(0, (rgb[i]! - lo) * gain)) : rgb[i]!;
    out[i] = p * pixels.scale + pixels.offset;
  }
  return out;
}

/** The 2nd and 98th percentiles of a crop's channel values, for `toInput`'s stretch. */
export function levels(rgb: Uint8Array): { lo: number; hi: number } {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < rgb.length; i++) histogram[rgb[i]!]!++;
  const at = (share: number): number => {
    let seen = 0;
    for (let value = 0; value < 256; value++) {
      seen += histogram[value]!;
      if (seen >= share * rgb.length) return value;
    }
    return 255;
  };
  return { lo: at(0.02), hi: at(0.98) };
}
