/**
 * The ink of a small greyscale crop (a text line, an MRZ band): Otsu's threshold, and the
 * connected blobs of ink (8-connected) with their boxes and first and second moments, from which
 * a caller tells letters from the marks above them and a stroke's slant from a dot's roundness.
 */
import type { GreyImage } from './recognizer.js';

/** How many pixels of an 8-bit image hold each value. */
function histogram(grey: Uint8Array): Float64Array {
  const hist = new Float64Array(256);
  for (const v of grey) hist[v]! += 1;
  return hist;
}

/** The median of an 8-bit image's values (by its histogram: sorting every pixel of every line cost about 25 ms a front). */
export function medianGrey(grey: Uint8Array): number {
  const hist = histogram(grey);
  let seen = 0; let v = 0;
  while (v < 255 && (seen += hist[v]!) <= grey.length / 2) v++;
  return v;
}

/** Otsu's threshold of an 8-bit image: values at or below it are ink. */
export function otsu(grey: Uint8Array): number {
  const hist = histogram(grey);
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * hist[v]!;
  let sumBelow = 0; let countBelow = 0; let best = 0; let threshold = 128;
  for (let v = 0; v < 256; v++) {
    countBelow += hist[v]!;
    if (countBelow === 0) continue;
    const countAbove = grey.length - countBelow;
    if (countAbove === 0) break;
    sumBelow += v * hist[v]!;
    const between = countBelow * countAbove * (sumBelow / countBelow - (sum - sumBelow) / countAbove) ** 2;
    if (between > best) { best = between; threshold = v; }
  }
  return threshold;
}

/** One connected blob of ink; the box is inclusive. */
export interface InkBlob {
  label: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
  area: number;
  /** Mean x and y of its pixels. */
  cx: number;
  cy: number;
  /** Correlation of its pixels' x and y: about −1 for a stroke rising to the right, +1 falling. */
  slant: number;
  /** Whether it touches the crop's border. */
  atEdge: boolean;
}

export interface Ink {
  width: number;
  height: number;
  /** Otsu's threshold of the crop: grey at or below it is ink. */
  threshold: number;
  /** Blob label of each pixel (0 = background, blob k has label k + 1). */
  labels: Int32Array;
  blobs: InkBlob[];
}

/** Running box and moments of a set of pixels (each of weight 1 unless given), which become a blob's fields. */
export class PixelStats {
  n = 0; sx = 0; sy = 0; sxx = 0; syy = 0; sxy = 0;
  left = Infinity; right = -1; top = Infinity; bottom = -1;

  add(x: number, y: number, weight = 1): void {
    this.n += weight; this.sx += weight * x; this.sy += weight * y;
    this.sxx += weight * x * x; this.syy += weight * y * y; this.sxy += weight * x * y;
    if (x < this.left) this.left = x; if (x > this.right) this.right = x;
    if (y < this.top) this.top = y; if (y > this.bottom) this.bottom = y;
  }

  /** The correlation of x and y: about −1 for a stroke rising to the right, +1 falling. */
  slant(): number {
    const { n } = this;
    if (n <= 0) return 0;
    const cx = this.sx / n; const cy = this.sy / n;
    const vx = this.sxx / n - cx * cx; const vy = this.syy / n - cy * cy;
    return vx > 0 && vy > 0 ? (this.sxy / n - cx * cy) / Math.sqrt(vx * vy) : 0;
  }

  blob(label: number, width: number, height: number): InkBlob {
    const { n, left, top, right, bottom } = this;
    return {
      label, left, top, right, bottom, area: n, cx: this.sx / n, cy: this.sy / n, slant: this.slant(),
      atEdge: left === 0 || top === 0 || right === width - 1 || bottom === height - 1,
    };
  }
}

/**
 * Grows an 8-connected region from pixel `start` (claimed by the caller) within rows `top` to
 * `bottom` of an image `width` wide: `claim` takes a neighbour into it (true) or leaves it.
 * Returns the region's box and moments.
 */
function growRegion(start: number, width: number, top: number, bottom: number, claim: (at: number) => boolean): PixelStats {
  const stats = new PixelStats();
  const stack = [start];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const x = at % width; const y = (at - x) / width;
    stats.add(x, y);
    for (let yy = Math.max(top, y - 1); yy <= Math.min(bottom, y + 1); yy++) {
      for (let xx = Math.max(0, x - 1); xx <= Math.min(width - 1, x + 1); xx++) {
        const next = yy * width + xx;
        if (claim(next)) stack.push(next);
      }
    }
  }
  return stats;
}

/** Labels the ink (dark on light) of a crop. */
export function inkBlobs(image: GreyImage): Ink {
  const { width, height, grey } = image;
  const threshold = otsu(grey);
  const labels = new Int32Array(width * height);
  const blobs: InkBlob[] = [];
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] !== 0 || grey[start]! > threshold) continue;
    const label = blobs.length + 1;
    labels[start] = label;
    const stats = growRegion(start, width, 0, height - 1, (at) => {
      if (labels[at] !== 0 || grey[at]! > threshold) return false;
      labels[at] = label;
      return true;
    });
    blobs.push(stats.blob(label, width, height));
  }
  return { width, height, threshold, labels, blobs };
}

/** The ink of a blob within a box of the crop (inclusive), as a blob of its own; undefined when it holds none. */
export function blobWithin(ink: Ink, blob: InkBlob, box: { left: number; top: number; right: number; bottom: number }): InkBlob | undefined {
  const stats = new PixelStats();
  for (let y = Math.max(blob.top, box.top); y <= Math.min(blob.bottom, box.bottom); y++) {
    for (let x = Math.max(blob.left, box.left); x <= Math.min(blob.right, box.right); x++) {
      if (ink.labels[y * ink.width + x] === blob.label) stats.add(x, y);
    }
  }
  return stats.n === 0 ? undefined : { ...stats.blob(blob.label, ink.width, ink.height), atEdge: blob.atEdge };
}

/** How many columns a blob's ink spans over its rows `fromRow` to `toRow` (inclusive), leftmost to rightmost; 0 where it has none. */
export function inkSpan(ink: Ink, blob: InkBlob, fromRow: number, toRow: number): number {
  let left = Infinity; let right = -1;
  for (let y = Math.max(blob.top, fromRow); y <= Math.min(blob.bottom, toRow); y++) {
    for (let x = blob.left; x <= blob.right; x++) {
      if (ink.labels[y * ink.width + x] === blob.label) { left = Math.min(left, x); right = Math.max(right, x); }
    }
  }
  return right < 0 ? 0 : right - left + 1;
}

/** The rows of a blob down to `lastRow`, split into their connected (8-connected) pieces. */
export function blobPieces(ink: Ink, blob: InkBlob, lastRow: number): InkBlob[] {
  const bottom = Math.min(lastRow, blob.bottom);
  const seen = new Uint8Array(ink.width * (bottom + 1));
  // A piece's pixels are the blob's, within its box and the rows asked for.
  const claim = (at: number): boolean => {
    const x = at % ink.width;
    if (seen[at] || x < blob.left || x > blob.right || ink.labels[at] !== blob.label) return false;
    seen[at] = 1;
    return true;
  };
  const pieces: InkBlob[] = [];
  for (let y = blob.top; y <= bottom; y++) {
    for (let x = blob.left; x <= blob.right; x++) {
      const start = y * ink.width + x;
      if (!claim(start)) continue;
      const stats = growRegion(start, ink.width, blob.top, bottom, claim);
      pieces.push({ ...stats.blob(blob.label, ink.width, ink.height), atEdge: blob.atEdge });
    }
  }
  return pieces;
}

/** A hole of a blob: its pixel count, centre and top row, in crop coordinates. */
export interface InkHole {
  area: number;
  cx: number;
  cy: number;
  top: number;
}

/** The background a blob encloses (a ring's, an O's counter): each part of its box's background that cannot reach the box's edge. */
export function holes(ink: Ink, blob: InkBlob): InkHole[] {
  const w = blob.right - blob.left + 1; const h = blob.bottom - blob.top + 1;
  if (w < 3 || h < 3) return [];
  const inside = (x: number, y: number): boolean => ink.labels[(blob.top + y) * ink.width + blob.left + x] !== blob.label;
  // 0: not reached; 1: reaches the edge; k + 2: hole k.
  const region = new Int32Array(w * h);
  const fill = (seeds: number[], mark: number): { n: number; sx: number; sy: number; top: number } => {
    const stats = { n: 0, sx: 0, sy: 0, top: Infinity };
    const stack = seeds.filter((at) => region[at] === 0 && inside(at % w, Math.floor(at / w)));
    for (const at of stack) region[at] = mark;
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % w; const y = (at - x) / w;
      stats.n++; stats.sx += x; stats.sy += y; stats.top = Math.min(stats.top, y);
      for (const [xx, yy] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
        if (xx < 0 || yy < 0 || xx >= w || yy >= h || region[yy * w + xx] !== 0 || !inside(xx, yy)) continue;
        region[yy * w + xx] = mark; stack.push(yy * w + xx);
      }
    }
    return stats;
  };
  const edge: number[] = [];
  for (let x = 0; x < w; x++) edge.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) edge.push(y * w, y * w + w - 1);
  fill(edge, 1);
  const found: InkHole[] = [];
  for (let at = 0; at < w * h; at++) {
    if (region[at] !== 0 || !inside(at % w, Math.floor(at / w))) continue;
    const { n, sx, sy, top } = fill([at], found.length + 2);
    found.push({ area: n, cx: blob.left + sx / n, cy: blob.top + sy / n, top: blob.top + top });
  }
  return found;
}

/**
 * Whether a blob encloses background (a ring, an O) on a row no lower than `lastRow` (a ring
 * joined to its letter's counter above it).
 */
export function hasHole(ink: Ink, blob: InkBlob, lastRow = blob.bottom): boolean {
  return holes(ink, blob).some((hole) => hole.top <= lastRow);
}
