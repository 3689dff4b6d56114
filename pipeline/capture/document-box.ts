/** Where the document is: pixels far from the outer ring's median colour; a frame of its own proportions is a tight crop. */
import type { Reduced } from './thumbnail.js';

export interface DocumentBox {
  coverage: number;
  cutOff: boolean;
  /** In pixels of the reduced image (0: none found). */
  area: number;
}

/** Tunables; docs/capture-feedback.md gives the measurement behind each. */
export const DOCUMENT_BOX = Object.freeze({
  ring: 0.03,
  /** A pixel is document when its colour is this far (RGB distance) from the ring's median, at least. */
  minDistance: 40,
  /** The document touches a frame side when it covers this share of the side's length along it. */
  touch: 0.2,
  aspectTolerance: 0.04,
  /** A frame within this of the proportions, every side touched, is a tilted document framed tightly (4° widens ID-1 to 1.49). */
  tiltedAspectTolerance: 0.12,
});

function medianOf(histogram: Uint32Array, count: number): number {
  let seen = 0;
  for (let bin = 0; bin < histogram.length; bin += 1) {
    seen += histogram[bin]!;
    if (seen > count / 2) return bin;
  }
  return 0;
}

/** `aspects`: long over short side per format the document may have (ID-1 1.586, TD2/TD3 1.42). */
export function documentBox(image: Reduced, aspects: readonly number[]): DocumentBox {
  const { width, height, data } = image;
  // A scan or app crop: the frame has the document's proportions (a camera's is 4:3 or 16:9); print at the edge is no cut.
  const frameAspect = Math.max(width, height) / Math.min(width, height);
  if (aspects.some((aspect) => Math.abs(frameAspect - aspect) <= DOCUMENT_BOX.aspectTolerance)) return { coverage: 1, cutOff: false, area: width * height };

  const ring = Math.max(1, Math.round(DOCUMENT_BOX.ring * Math.min(width, height)));
  const ringPixels: number[] = [];
  for (let y = 0; y < height; y += 1) {
    const whole = y < ring || y >= height - ring;
    for (let x = 0; x < width; x = whole || x < ring - 1 || x >= width - ring ? x + 1 : width - ring) ringPixels.push((y * width + x) * 3);
  }
  const histograms = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  for (const i of ringPixels) for (let c = 0; c < 3; c += 1) histograms[c]![data[i + c]! | 0] += 1;
  const background = histograms.map((histogram) => medianOf(histogram, ringPixels.length));
  const distances = new Uint32Array(443);
  for (const i of ringPixels) {
    const dr = data[i]! - background[0]!;
    const dg = data[i + 1]! - background[1]!;
    const db = data[i + 2]! - background[2]!;
    distances[Math.round(Math.sqrt(dr * dr + dg * dg + db * db))] += 1;
  }
  // The ring's own spread: a textured surface (wood, fabric) needs a wider margin than a plain one.
  const spread = medianOf(distances, ringPixels.length) * 3;
  const threshold = Math.max(DOCUMENT_BOX.minDistance, spread);

  const mask = new Uint8Array(width * height);
  const limit = threshold * threshold;
  for (let p = 0, i = 0; p < mask.length; p += 1, i += 3) {
    const dr = data[i]! - background[0]!;
    const dg = data[i + 1]! - background[1]!;
    const db = data[i + 2]! - background[2]!;
    mask[p] = dr * dr + dg * dg + db * db > limit ? 1 : 0;
  }
  let area = 0;
  let left = 0;
  let right = 0;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x += 1) {
      if (mask[row + x]) {
        if (first < 0) first = x;
        last = x;
      }
    }
    // A row counts when its span is more than a speck (noise, a grain of the surface).
    if (first >= 0 && last - first >= 0.05 * width) {
      area += last - first + 1;
      if (first < ring) left += 1;
      if (last >= width - ring) right += 1;
    }
  }
  let top = 0;
  let bottom = 0;
  for (let x = 0; x < width; x += 1) {
    let hitTop = 0;
    let hitBottom = 0;
    for (let y = 0; y < ring; y += 1) {
      hitTop |= mask[y * width + x]!;
      hitBottom |= mask[(height - 1 - y) * width + x]!;
    }
    top += hitTop;
    bottom += hitBottom;
  }
  const frame = width * height;
  const sides = [top > DOCUMENT_BOX.touch * width, bottom > DOCUMENT_BOX.touch * width,
    left > DOCUMENT_BOX.touch * height, right > DOCUMENT_BOX.touch * height];
  if (sides.every(Boolean) && aspects.some((aspect) => Math.abs(frameAspect - aspect) <= DOCUMENT_BOX.tiltedAspectTolerance)) {
    return { coverage: 1, cutOff: false, area: frame };
  }
  const touches = sides.some(Boolean);
  return { coverage: area / frame, cutOff: touches, area };
}
