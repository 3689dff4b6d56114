/** Joins text blobs into MRZ band candidates: parallel, alike, aligned lines stacked close; longest and flattest first. */
import type { Band } from '../backends/opencv-mrz.js';
import { MRZ_TUNING } from './tunables.js';

const MAX_LINES = 3;

interface Frame {
  ux: number;
  uy: number;
}

function axis(angle: number): Frame {
  const rad = (angle * Math.PI) / 180;
  return { ux: Math.cos(rad), uy: Math.sin(rad) };
}

function offset(a: Band, b: Band): { along: number; across: number } {
  const { ux, uy } = axis(a.angle);
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  return { along: dx * ux + dy * uy, across: -dx * uy + dy * ux };
}

function compatible(a: Band, b: Band): boolean {
  const { along, across } = offset(a, b);
  const gap = Math.abs(across) - (a.height + b.height) / 2;
  return Math.abs(a.angle - b.angle) <= MRZ_TUNING.maxAngleDifference
    && Math.min(a.width, b.width) >= MRZ_TUNING.minWidthRatio * Math.max(a.width, b.width)
    && Math.min(a.height, b.height) >= MRZ_TUNING.minHeightRatio * Math.max(a.height, b.height)
    && Math.abs(along) <= MRZ_TUNING.maxShiftAlong * a.width
    && gap <= MRZ_TUNING.maxGapLines * Math.min(a.height, b.height);
}

/** One band spanning stacked lines (sorted top to bottom along the normal of the first). */
function merge(lines: readonly Band[]): Band {
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  const { across } = offset(first, last);
  const angle = lines.reduce((s, l) => s + l.angle, 0) / lines.length;
  return {
    cx: (first.cx + last.cx) / 2,
    cy: (first.cy + last.cy) / 2,
    width: Math.max(...lines.map((l) => l.width)),
    height: Math.abs(across) + (first.height + last.height) / 2,
    angle,
  };
}

export function groupBands(blobs: readonly Band[]): Band[] {
  const candidates: Band[] = [];
  const used = new Set<Band>();
  // Lines in order down the page (along the normal of the typical blob); page skew is < 45°.
  const ordered = [...blobs].sort((a, b) => a.cy - b.cy);
  for (const start of ordered) {
    if (used.has(start)) continue;
    const stack = [start];
    for (const next of ordered) {
      if (stack.length === MAX_LINES) break;
      if (used.has(next) || stack.includes(next) || next.cy <= stack[stack.length - 1]!.cy) continue;
      if (compatible(stack[stack.length - 1]!, next)) stack.push(next);
    }
    for (const line of stack) used.add(line);
    candidates.push(stack.length === 1 ? start : merge(stack));
  }
    // Long and flat first: an MRZ band is 4.5 (TD1) to 9 (TD3) times wider than high.
  const merit = (band: Band): number => band.width * Math.min(1, band.width / band.height / 6);
  return candidates.sort((a, b) => merit(b) - merit(a)).slice(0, MRZ_TUNING.maxCandidates);
}
