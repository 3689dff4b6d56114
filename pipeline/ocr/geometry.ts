/** Plane geometry for text boxes: quads of four corners clockwise from the top-left, y down (as OcrLine). */

export interface Point {
  x: number;
  y: number;
}

export type Quad = [Point, Point, Point, Point];

/** Andrew's monotone chain; returns the hull counter-clockwise in y-up terms, no repeated point. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = sorted.length - 1; i >= 0; i -= 1) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

export interface RotatedRect {
  centre: Point;
  width: number;
  height: number;
  /** Direction of the `width` side, radians. */
  angle: number;
}

/** The least-area rectangle around a convex polygon (rotating calipers: exact). */
export function minAreaRect(hull: readonly Point[]): RotatedRect {
  if (hull.length === 0) return { centre: { x: 0, y: 0 }, width: 0, height: 0, angle: 0 };
  let best: RotatedRect | undefined;
  let bestArea = Infinity;
  const edges = hull.length < 2 ? 1 : hull.length;
  for (let i = 0; i < edges; i += 1) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const angle = hull.length < 2 ? 0 : Math.atan2(b.y - a.y, b.x - a.x);
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    let minU = Infinity; let maxU = -Infinity; let minV = Infinity; let maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * c + p.y * s;
      const v = -p.x * s + p.y * c;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const u = (minU + maxU) / 2;
      const v = (minV + maxV) / 2;
      best = { centre: { x: u * c - v * s, y: u * s + v * c }, width: maxU - minU, height: maxV - minV, angle };
    }
  }
  return best!;
}

/** The corners of a rotated rectangle, clockwise from top-left. */
export function rectCorners(rect: RotatedRect): Quad {
  const c = Math.cos(rect.angle);
  const s = Math.sin(rect.angle);
  const hw = rect.width / 2;
  const hh = rect.height / 2;
  const corner = (du: number, dv: number): Point => ({
    x: rect.centre.x + du * c - dv * s,
    y: rect.centre.y + du * s + dv * c,
  });
  return orderCorners([corner(-hw, -hh), corner(hw, -hh), corner(hw, hh), corner(-hw, hh)]);
}

/** Orders corners clockwise from the text's top-left (first edge most rightward); PaddleOCR's rule misreads tilted long lines. */
export function orderCorners(points: readonly Point[]): Quad {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  // Clockwise on the screen (y down) is increasing angle.
  const around = [...points].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
  let first = 0; let rightwards = -Infinity;
  around.forEach((p, i) => {
    const next = around[(i + 1) % 4]!;
    const length = distance(p, next);
    const share = length === 0 ? -Infinity : (next.x - p.x) / length;
    if (share > rightwards + 1e-9) { rightwards = share; first = i; }
  });
  const at = (k: number): Point => around[(first + k) % 4]!;
  return [at(0), at(1), at(2), at(3)];
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function quadSize(quad: Quad): { width: number; height: number } {
  return {
    width: Math.max(distance(quad[0], quad[1]), distance(quad[3], quad[2])),
    height: Math.max(distance(quad[0], quad[3]), distance(quad[1], quad[2])),
  };
}

/** A quad from corners x0,y0 … x3,y3 (OcrLine.box), the inverse of quadToArray. */
export function quadFromArray(box: readonly number[]): Quad {
  return [{ x: box[0]!, y: box[1]! }, { x: box[2]!, y: box[3]! }, { x: box[4]!, y: box[5]! }, { x: box[6]!, y: box[7]! }];
}

export function quadToArray(quad: Quad): number[] {
  return quad.flatMap((p) => [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10]);
}
