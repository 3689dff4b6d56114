/** Reading order: rows top to bottom (centres closer than half the lower box's height share a row), left to right. */
import type { Quad } from './geometry.js';

export function sortReadingOrder<T>(items: readonly T[], quadOf: (item: T) => Quad): T[] {
  const metrics = items.map((item) => {
    const q = quadOf(item);
    const top = (q[0].y + q[1].y) / 2;
    const bottom = (q[2].y + q[3].y) / 2;
    return { item, cy: (top + bottom) / 2, h: Math.max(1, bottom - top), x: Math.min(q[0].x, q[3].x) };
  });
  metrics.sort((a, b) => a.cy - b.cy);
  const rows: (typeof metrics)[] = [];
  for (const m of metrics) {
    const row = rows[rows.length - 1];
    const last = row?.[row.length - 1];
    if (row && last && Math.abs(m.cy - rowCentre(row)) < Math.min(m.h, last.h) / 2) row.push(m);
    else rows.push([m]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.x - b.x).map((m) => m.item));
}

function rowCentre(row: readonly { cy: number }[]): number {
  return row.reduce((s, m) => s + m.cy, 0) / row.length;
}
