/**
 * Periodic patterns on the face, in the frequency domain: a screen's subpixel grid aliased by the
 * phone's sensor (moiré), its refresh bands, and a print's halftone dots all put narrow peaks
 * into the spectrum, where skin, hair and a camera's noise give a smooth fall-off with frequency.
 *
 *   128×128 luma at full resolution around the face's centre ─► Hann window ─► 2-D FFT ─► log power
 *     ─► prominence of each bin over its ring's median
 *          moire     the largest prominence off the axes (4 ≤ radius ≤ 60 cycles)
 *          banding   the largest prominence on the vertical axis (rows of light and dark)
 *          halftone  log share of power in the highest octave (32–64 cycles)
 *
 * The window is read without resampling: any resize would smooth away the fine patterns. Bins on
 * the 8-pixel grid of JPEG's blocks (multiples of 16 cycles) are left out: every capture has them.
 */
import type { RgbImage } from '../image.js';
import type { Face } from './detect.js';

export const SPECTRUM_SIZE = 128;

export interface SpectrumCues { moire: number; banding: number; halftone: number }

const TWIDDLES = new Map<number, { cos: Float64Array; sin: Float64Array }>();

/** e^(−2πik/n) for k < n/2, once per length. */
function twiddles(n: number): { cos: Float64Array; sin: Float64Array } {
  let t = TWIDDLES.get(n);
  if (!t) {
    t = { cos: Float64Array.from({ length: n / 2 }, (_, k) => Math.cos((-2 * Math.PI * k) / n)), sin: Float64Array.from({ length: n / 2 }, (_, k) => Math.sin((-2 * Math.PI * k) / n)) };
    TWIDDLES.set(n, t);
  }
  return t;
}

/** In-place radix-2 FFT of one row or column (length a power of two). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  const { cos, sin } = twiddles(n);
  for (let len = 2; len <= n; len <<= 1) {
    const stride = n / len;
    for (let start = 0; start < n; start += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = cos[k * stride]!;
        const wi = sin[k * stride]!;
        const a = start + k;
        const b = a + len / 2;
        const xr = re[b]! * wr - im[b]! * wi;
        const xi = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - xr; im[b] = im[a]! - xi;
        re[a] = re[a]! + xr; im[a] = im[a]! + xi;
      }
    }
  }
}

/** Log power spectrum (N × N, DC at 0,0) of the windowed luma patch centred on (cx, cy). */
export function logPower(image: RgbImage, cx: number, cy: number, n = SPECTRUM_SIZE): Float64Array {
  const x0 = Math.min(Math.max(0, Math.round(cx - n / 2)), Math.max(0, image.width - n));
  const y0 = Math.min(Math.max(0, Math.round(cy - n / 2)), Math.max(0, image.height - n));
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  const hann = Float64Array.from({ length: n }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / n));
  let mean = 0;
  for (let y = 0; y < n; y++) {
    const sy = Math.min(image.height - 1, y0 + y);
    for (let x = 0; x < n; x++) {
      const o = (sy * image.width + Math.min(image.width - 1, x0 + x)) * 3;
      const luma = 0.299 * image.rgb[o]! + 0.587 * image.rgb[o + 1]! + 0.114 * image.rgb[o + 2]!;
      re[y * n + x] = luma;
      mean += luma;
    }
  }
  mean /= n * n;
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) re[y * n + x] = (re[y * n + x]! - mean) * hann[x]! * hann[y]!;
  const rowRe = new Float64Array(n);
  const rowIm = new Float64Array(n);
  for (let pass = 0; pass < 2; pass++) {
    for (let line = 0; line < n; line++) {
      const at = (i: number): number => (pass === 0 ? line * n + i : i * n + line);
      for (let i = 0; i < n; i++) { rowRe[i] = re[at(i)]!; rowIm[i] = im[at(i)]!; }
      fft(rowRe, rowIm);
      for (let i = 0; i < n; i++) { re[at(i)] = rowRe[i]!; im[at(i)] = rowIm[i]!; }
    }
  }
  return re.map((r, i) => Math.log10(r * r + im[i]! * im[i]! + 1e-6));
}

interface Layout {
  /** Index into the N × N spectrum of each bin of the half plane kept, by ring. */
  rings: Int32Array[];
  /** Per bin of `rings` (flattened in the same order): what it counts towards. */
  kind: Uint8Array;
}
const MOIRE = 1;
const BANDING = 2;
const HIGH = 4;
const LAYOUTS = new Map<number, Layout>();

/** Which bins of the half plane (4 ≤ radius ≤ N/2) are on which ring and count towards which cue. */
function layout(n: number): Layout {
  const cached = LAYOUTS.get(n);
  if (cached) return cached;
  const half = n / 2;
  const block = n / 8;
  const byRing: Array<Array<[number, number]>> = Array.from({ length: half + 1 }, () => []);
  for (let ky = 0; ky <= half; ky++) {
    for (let kx = -half + 1; kx <= half; kx++) {
      const r = Math.round(Math.hypot(kx, ky));
      if (r < 4 || r > half) continue;
      let kind = 0;
      if (Math.abs(kx) <= 1 && ky <= 40) kind |= BANDING;
      else if (r <= 60 && kx !== 0 && ky !== 0 && !(kx % block === 0 && ky % block === 0)) kind |= MOIRE;
      if (r >= half / 2) kind |= HIGH;
      byRing[r]!.push([ky * n + ((kx + n) % n), kind]);
    }
  }
  const rings = byRing.map((bins) => Int32Array.from(bins, ([i]) => i));
  const kind = Uint8Array.from(byRing.flat(), ([, k]) => k);
  const made = { rings, kind };
  LAYOUTS.set(n, made);
  return made;
}

/** The spectral cues of the face's centre (see the file's comment). */
export function spectrumCues(image: RgbImage, face: Face, n = SPECTRUM_SIZE): SpectrumCues {
  const power = logPower(image, face.cx, face.cy, n);
  // Half the plane is enough: a real image's spectrum is symmetric through the origin.
  const { rings, kind } = layout(n);
  let moire = 0;
  let banding = 0;
  let high = 0;
  let all = 0;
  let b = 0;
  for (const ring of rings) {
    if (ring.length === 0) continue;
    const values = Float64Array.from(ring, (i) => power[i]!).sort();
    const median = values[values.length >> 1]!;
    for (const i of ring) {
      const p = power[i]!;
      const k = kind[b++]!;
      if (k & BANDING) banding = Math.max(banding, p - median);
      if (k & MOIRE) moire = Math.max(moire, p - median);
      const linear = 10 ** p;
      all += linear;
      if (k & HIGH) high += linear;
    }
  }
  return { moire, banding, halftone: Math.log10((high + 1e-9) / (all + 1e-9)) };
}
