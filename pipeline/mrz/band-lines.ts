/** An upright band split into text lines by projection; a generous cut may hold a visual-zone line too. */
import { otsu } from '../ocr/otsu.js';
import type { GreyImage } from '../image.js';
import { MRZ_TUNING } from './tunables.js';

export interface TextLine {
  top: number;
  bottom: number;
  left: number;
  right: number;
}


function runs(profile: readonly number[], minimum: number): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  profile.forEach((v, i) => {
    if (v >= minimum && start < 0) start = i;
    if (v < minimum && start >= 0) { out.push([start, i]); start = -1; }
  });
  if (start >= 0) out.push([start, profile.length]);
  return out;
}

function columnInk(image: GreyImage, threshold: number, top = 0, bottom = image.height): number[] {
  const { width, grey } = image;
  const ink = new Array<number>(width).fill(0);
  for (let y = top; y < bottom; y++) for (let x = 0; x < width; x++) if (grey[y * width + x]! <= threshold) ink[x]!++;
  return ink;
}

export function splitLines(band: GreyImage): TextLine[] {
  const { width, height, grey } = band;
  const threshold = otsu(grey);
    // A column dark in most rows is background or a frame line, not text.
  const textColumn = columnInk(band, threshold).map((count) => count < MRZ_TUNING.backgroundColumnShare * height);
  const rows = new Array<number>(height).fill(0);
  for (let y = 0; y < height; y++) {
    let count = 0;
    for (let x = 0; x < width; x++) if (textColumn[x] && grey[y * width + x]! <= threshold) count++;
    // A row dark nearly all across is the page's edge or the background, not text.
    rows[y] = count < MRZ_TUNING.backgroundRowShare * width ? count : 0;
  }
  const spans = runs(rows, Math.max(2, Math.max(...rows) * MRZ_TUNING.minRowInkShare));
  const tallest = Math.max(0, ...spans.map(([a, b]) => b - a));
  return spans
    .filter(([a, b]) => b - a >= MRZ_TUNING.minHeightShare * tallest)
    .map(([top, bottom]) => {
      const inked = columnInk(band, threshold, top, bottom).map((c, x) => (c >= 2 && c < MRZ_TUNING.lineBackgroundColumnShare * (bottom - top) ? x : -1)).filter((x) => x >= 0);
      return { top, bottom, left: inked[0] ?? 0, right: (inked[inked.length - 1] ?? width - 1) + 1 };
    });
}

/** Runs of 2 or 3 consecutive lines of equal length and height: the MRZ candidates, longest first. */
export function mrzLineSets(lines: readonly TextLine[]): TextLine[][] {
  const sets: TextLine[][] = [];
  for (const size of [3, 2]) {
    for (let i = 0; i + size <= lines.length; i++) {
      const set = lines.slice(i, i + size);
      const lengths = set.map((l) => l.right - l.left);
      const heights = set.map((l) => l.bottom - l.top);
      if (Math.min(...lengths) < (1 - MRZ_TUNING.lengthTolerance) * Math.max(...lengths)) continue;
      if (Math.min(...heights) < MRZ_TUNING.minLineHeightRatio * Math.max(...heights)) continue;
      sets.push(set);
    }
  }
  const length = (set: TextLine[]): number => Math.max(...set.map((l) => l.right - l.left));
  return sets.sort((a, b) => length(b) - length(a) || b.length - a.length);
}

/** A line's crop, with a margin of `pad` line heights around its ink. */
export function cropLine(band: GreyImage, line: TextLine, pad: number = MRZ_TUNING.linePad): GreyImage {
  const margin = Math.round((line.bottom - line.top) * pad);
  const top = Math.max(0, line.top - margin);
  const bottom = Math.min(band.height, line.bottom + margin);
  const left = Math.max(0, line.left - margin);
  const right = Math.min(band.width, line.right + margin);
  const width = right - left;
  const grey = new Uint8Array(width * (bottom - top));
  for (let y = top; y < bottom; y++) grey.set(band.grey.subarray(y * band.width + left, y * band.width + right), (y - top) * width);
  return { width, height: bottom - top, grey };
}

/** A line crop cut into `pieces`, each cut through the emptiest column near an equal division. */
export function cutPieces(line: GreyImage, pieces: number, chars: number): GreyImage[] {
  if (pieces <= 1) return [line];
  const { width, height, grey } = line;
  const ink = columnInk(line, otsu(grey));
  const reach = Math.max(1, Math.floor(width / chars / 2));
  const cuts = [0];
  for (let k = 1; k < pieces; k++) {
    const target = Math.round((k * width) / pieces);
    let best = target;
    for (let d = 0; d <= reach; d++) {
      for (const x of [target - d, target + d]) if (x > 0 && x < width && ink[x]! < ink[best]!) best = x;
    }
    cuts.push(best);
  }
  cuts.push(width);
    // Each cut side gets a margin (the cut column repeated): a character flush to the edge is often dropped.
  const margin = Math.round(height / 6);
  return cuts.slice(1).map((right, k) => {
    const left = cuts[k]!;
    const before = k > 0 ? margin : 0;
    const after = right < width ? margin : 0;
    const w = before + (right - left) + after;
    const out = new Uint8Array(w * height);
    for (let y = 0; y < height; y++) {
      const row = y * width;
      out.fill(grey[row + left]!, y * w, y * w + before);
      out.set(grey.subarray(row + left, row + right), y * w + before);
      out.fill(grey[row + right - 1]!, y * w + before + (right - left), (y + 1) * w);
    }
    return { width: w, height, grey: out };
  });
}
