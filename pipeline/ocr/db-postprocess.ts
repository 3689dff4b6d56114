/** DB post-processing after PaddleOCR's DBPostProcess ("fast"); regions labelled, not traced: a hull is all a rectangle needs. */
import { convexHull, minAreaRect, rectCorners, type Point, type Quad } from './geometry.js';

export interface DbOptions {
  threshold: number;
  boxThreshold: number;
  /** Polygon offset distance = area × ratio / perimeter. */
  unclipRatio: number;
  /** Regions whose shorter side (map pixels) is below this are noise. */
  minSize: number;
  maxCandidates: number;
}

export const DB_DEFAULTS: Readonly<DbOptions> = Object.freeze({
  threshold: 0.3,
  boxThreshold: 0.6,
    // Looser than PaddleOCR's 1.5: keeps word spaces and final letters.
  unclipRatio: 2.0,
  minSize: 3,
  maxCandidates: 1000,
});

export interface ProbabilityMap {
  data: Float32Array;
  width: number;
  height: number;
}

export interface ScoredQuad {
  quad: Quad;
  score: number;
}

/** Boxes of text from a probability map, in the pixels of the `srcWidth`×`srcHeight` image it was resized from. */
export function dbBoxes(map: ProbabilityMap, srcWidth: number, srcHeight: number, options: DbOptions = DB_DEFAULTS): ScoredQuad[] {
  const { width, height, data } = map;
  const regions = labelRegions(data, width, height, options.threshold, options.maxCandidates);
  const scaleX = srcWidth / width;
  const scaleY = srcHeight / height;
  const out: ScoredQuad[] = [];
  for (const points of regions) {
    const rect = minAreaRect(convexHull(points));
    if (Math.min(rect.width, rect.height) < options.minSize) continue;
    const score = meanInside(map, rectCorners(rect));
    if (score < options.boxThreshold) continue;
    // Offsetting a rectangle by d and taking its minimum-area rectangle is pyclipper's unclip, exactly.
    const area = rect.width * rect.height;
    const perimeter = 2 * (rect.width + rect.height);
    const d = (area * options.unclipRatio) / perimeter;
    const grown = { ...rect, width: rect.width + 2 * d, height: rect.height + 2 * d };
    if (Math.min(grown.width, grown.height) < options.minSize + 2) continue;
    const quad = rectCorners(grown).map((p) => ({
      x: clamp(Math.round(p.x * scaleX), 0, srcWidth),
      y: clamp(Math.round(p.y * scaleY), 0, srcHeight),
    })) as Quad;
    out.push({ quad, score });
  }
  return out;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** 8-connected regions above `threshold` as row extents; the first `max` in scan order kept, as PaddleOCR. */
function labelRegions(data: Float32Array, width: number, height: number, threshold: number, max: number): Point[][] {
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const regions: Point[][] = [];
  for (let start = 0; start < data.length && regions.length < max; start += 1) {
    if (labels[start] !== 0 || data[start]! <= threshold) continue;
    const label = regions.length + 1;
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const idx = stack[--top]!;
      const y = (idx / width) | 0;
      const x = idx - y * width;
      const lo = rowMin.get(y);
      if (lo === undefined || x < lo) rowMin.set(y, x);
      const hi = rowMax.get(y);
      if (hi === undefined || x > hi) rowMax.set(y, x);
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const n = ny * width + nx;
          if (labels[n] === 0 && data[n]! > threshold) {
            labels[n] = label;
            stack[top++] = n;
          }
        }
      }
    }
    const points: Point[] = [];
    for (const [y, lo] of rowMin) {
      points.push({ x: lo, y });
      const hi = rowMax.get(y)!;
      if (hi !== lo) points.push({ x: hi, y });
    }
    regions.push(points);
  }
  return regions;
}

/** Mean of the map over the pixel centres inside a convex quad (PaddleOCR's box_score_fast). */
function meanInside(map: ProbabilityMap, quad: Quad): number {
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  const x0 = clamp(Math.floor(Math.min(...xs)), 0, map.width - 1);
  const x1 = clamp(Math.ceil(Math.max(...xs)), 0, map.width - 1);
  const y0 = clamp(Math.floor(Math.min(...ys)), 0, map.height - 1);
  const y1 = clamp(Math.ceil(Math.max(...ys)), 0, map.height - 1);
  let sum = 0;
  let count = 0;
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      if (!insideConvex(quad, x, y)) continue;
      sum += map.data[y * map.width + x]!;
      count += 1;
    }
  }
  return count === 0 ? 0 : sum / count;
}

function insideConvex(quad: Quad, x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i += 1) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
    if (Math.abs(cross) < 1e-9) continue;
    const s = cross > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}
