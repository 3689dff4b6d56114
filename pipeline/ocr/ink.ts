/**
 * The ink of a small greyscale crop (a text line, an MRZ band): Otsu's threshold, and the
 * connected blobs of ink (8-connected) with their boxes and first and second moments, from which
 * a caller tells letters from the marks above them and a stroke's slant from a dot's roundness.
 */
import type { GreyImage } from './recognizer.js';

/** Otsu's threshold of an 8-bit image: values at or below it are ink. */
export function otsu(grey: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const v of grey) hist[v]! += 1;
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
  /** Blob label of each pixel (0 = background, blob k has label k + 1). */
  labels: Int32Array;
  blobs: InkBlob[];
}

/** Running box and moments of a set of pixels, which become a blob's fields. */
class PixelStats {
  n = 0; sx = 0; sy = 0; sxx = 0; syy = 0; sxy = 0;
  left = Infinity; right = -1; top = Infinity; bottom = -1;

  add(x: number, y: number): void {
    this.n++; this.sx += x; this.sy += y; this.sxx += x * x; this.syy += y * y; this.sxy += x * y;
    if (x < this.left) this.left = x; if (x > this.right) this.right = x;
    if (y < this.top) this.top = y; if (y > this.bottom) this.bottom = y;
  }

  blob(label: number, width: number, height: number): InkBlob {
    const { n } = this;
    const cx = this.sx / n; const cy = this.sy / n;
    const vx = this.sxx / n - cx * cx; const vy = this.syy / n - cy * cy;
    const slant = vx > 0 && vy > 0 ? (this.sxy / n - cx * cy) / Math.sqrt(vx * vy) : 0;
    const { left, top, right, bottom } = this;
    return { label, left, top, right, bottom, area: n, cx, cy, slant, atEdge: left === 0 || top === 0 || right === width - 1 || bottom === height - 1 };
  }
}

/** Labels the ink (dark on light) of a crop. */
export function inkBlobs(image: GreyImage): Ink {
  const { width, height, grey } = image;
  const threshold = otsu(grey);
  const labels = new Int32Array(width * height);
  const blobs: InkBlob[] = [];
  const stack: number[] = [];
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] !== 0 || grey[start]! > threshold) continue;
    const label = blobs.length + 1;
    const stats = new PixelStats();
    labels[start] = label;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % width; const y = (at - x) / width;
      stats.add(x, y);
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const next = yy * width + xx;
          if (labels[next] === 0 && grey[next]! <= threshold) { labels[next] = label; stack.push(next); }
        }
      }
    }
    blobs.push(stats.blob(label, width, height));
  }
  return { width, height, labels, blobs };
}

/** The rows of a blob down to `lastRow` as a blob of their own; undefined when they hold no ink. */
export function blobPart(ink: Ink, blob: InkBlob, lastRow: number): InkBlob | undefined {
  const stats = new PixelStats();
  for (let y = blob.top; y <= Math.min(lastRow, blob.bottom); y++) {
    for (let x = blob.left; x <= blob.right; x++) if (ink.labels[y * ink.width + x] === blob.label) stats.add(x, y);
  }
  return stats.n === 0 ? undefined : { ...stats.blob(blob.label, ink.width, ink.height), atEdge: blob.atEdge };
}

/**
 * Whether a blob encloses background (a ring, an O): background in its box that cannot reach the
 * box's edge, on a row no lower than `lastRow` (a ring joined to its letter's counter above it).
 */
export function hasHole(ink: Ink, blob: InkBlob, lastRow = blob.bottom): boolean {
  const w = blob.right - blob.left + 1; const h = blob.bottom - blob.top + 1;
  if (w < 3 || h < 3) return false;
  const inside = (x: number, y: number): boolean => ink.labels[(blob.top + y) * ink.width + blob.left + x] !== blob.label;
  const reached = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let x = 0; x < w; x++) for (const y of [0, h - 1]) if (inside(x, y) && !reached[y * w + x]) { reached[y * w + x] = 1; stack.push(y * w + x); }
  for (let y = 0; y < h; y++) for (const x of [0, w - 1]) if (inside(x, y) && !reached[y * w + x]) { reached[y * w + x] = 1; stack.push(y * w + x); }
  while (stack.length > 0) {
    const at = stack.pop()!;
    const x = at % w; const y = (at - x) / w;
    for (const [xx, yy] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
      if (xx < 0 || yy < 0 || xx >= w || yy >= h || reached[yy * w + xx] || !inside(xx, yy)) continue;
      reached[yy * w + xx] = 1; stack.push(yy * w + xx);
    }
  }
  const rows = Math.min(h - 1, lastRow - blob.top + 1);
  for (let y = 1; y < rows; y++) for (let x = 1; x < w - 1; x++) if (inside(x, y) && !reached[y * w + x]) return true;
  return false;
}
