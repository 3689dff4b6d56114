/**
 * Joins the flat text blobs the morphology found into MRZ band candidates. Where an MRZ's lines
 * stand further apart than the closing kernel reaches, each line is a blob of its own; lines
 * that are parallel, about as long, aligned, and stacked at most a few line heights apart are
 * one band, and so are a line and a blob of two lines that the morphology joined. Candidates
 * come longest and flattest first: on a document page the MRZ lines are the longest text.
 */
import type { Band } from '../backends/opencv-mrz.js';

const MAX_ANGLE_DIFFERENCE = 4;
const MIN_WIDTH_RATIO = 0.8;
/**
 * A blob may hold two lines that the closing kernel joined while the third stood apart: it is then
 * about 2.5 times as high as the single line (2 lines and the gap between), so heights may differ
 * threefold. At 0.5 such bands were read as two lines and failed; at 0.3 the exact-read rate on
 * photos rose from 50 to 52 of 60 on each of the seeds 909, 1010 and 2020 (scans unchanged). The
 * page's shadow can join such a blob too and make it 3.6 line heights high (seed 4242, specimen 7),
 * hence 0.2.
 */
const MIN_HEIGHT_RATIO = 0.2;
const MAX_SHIFT_ALONG = 0.12;
const MAX_GAP_LINES = 2.5;
const MAX_LINES = 3;
export const MAX_CANDIDATES = 3;

interface Frame {
  ux: number;
  uy: number;
}

function axis(angle: number): Frame {
  const rad = (angle * Math.PI) / 180;
  return { ux: Math.cos(rad), uy: Math.sin(rad) };
}

/** Offset of b's centre from a's, along and across a's direction. */
function offset(a: Band, b: Band): { along: number; across: number } {
  const { ux, uy } = axis(a.angle);
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  return { along: dx * ux + dy * uy, across: -dx * uy + dy * ux };
}

function compatible(a: Band, b: Band): boolean {
  const { along, across } = offset(a, b);
  // The blank between the two, in heights of the smaller blob (one or two lines): a tall block of
  // the visual zone must not reach a far line by its own height.
  const gap = Math.abs(across) - (a.height + b.height) / 2;
  return Math.abs(a.angle - b.angle) <= MAX_ANGLE_DIFFERENCE
    && Math.min(a.width, b.width) >= MIN_WIDTH_RATIO * Math.max(a.width, b.width)
    && Math.min(a.height, b.height) >= MIN_HEIGHT_RATIO * Math.max(a.height, b.height)
    && Math.abs(along) <= MAX_SHIFT_ALONG * a.width
    && gap <= MAX_GAP_LINES * Math.min(a.height, b.height);
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

/** Band candidates from blobs: stacks of compatible lines joined, best first. */
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
  // Long and flat first: an MRZ band is 4.5 (TD1) to 9 (TD3) times wider than high; a block of
  // the visual zone closed into one blob is squarer.
  const merit = (band: Band): number => band.width * Math.min(1, band.width / band.height / 6);
  return candidates.sort((a, b) => merit(b) - merit(a)).slice(0, MAX_CANDIDATES);
}
