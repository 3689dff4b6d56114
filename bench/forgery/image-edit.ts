/**
 * A forger's edit of a real page with an image editor: the printed value's text box is found
 * among the lines the project's own OCR read (OcrImage), filled with the colour of the paper
 * around it, and the new value is drawn in a plain sans font at the height and in the colour of
 * the old one (an SVG text composited by sharp).
 *
 *   OCR lines ─► the line that holds the value ─► the line's raster in its own (tilted) frame
 *            ─► the value's columns (word gaps in the ink) and rows ─► fill with the local paper
 *            colour ─► draw the new value along the line ─► PNG
 *
 * Crude on purpose: no texture is rebuilt under the new glyphs, as with most real edits.
 */
import sharp from 'sharp';
import { escapeXml } from '../../test/fixtures/specimens/svg.js';

export interface TextLine {
  text: string;
  /** Corners x0,y0 … x3,y3 in the image's pixels. */
  box: number[];
}

/** Look-alikes read as one another, so that an OCR slip does not hide the value's line. */
const FOLD: Readonly<Record<string, string>> = { O: '0', Q: '0', D: '0', I: '1', L: '1', S: '5', B: '8', Z: '2' };

/** Letters and digits only, accents folded, capitals, look-alikes as digits; `at[k]` is the k-th kept character's index in `text`. */
export function matchForm(text: string): { form: string; at: number[] } {
  let form = '';
  const at: number[] = [];
  [...text].forEach((c, i) => {
    const base = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
    for (const ch of base) {
      if (!/[A-Z0-9]/.test(ch)) continue;
      form += FOLD[ch] ?? ch;
      at.push(i);
    }
  });
  return { form, at };
}

/** An MRZ line: the value must be found in the visual zone, never in the MRZ that checks it. */
const isMrzLine = (text: string): boolean => text.includes('<') || /^[A-Z0-9]{28,}$/.test(text.replace(/\s/g, ''));

/** Where a value stands: its line, and its characters `start`–`end` in the line's text. */
export interface Found {
  line: TextLine;
  start: number;
  end: number;
}

/**
 * Other characters a line may hold beside a value and still be a print of it that a forger edits
 * too (a short caption glued to it); a line holding more (a signature with the whole name, an
 * address) is left as it is.
 */
const SPARE_MAX = 4;

/**
 * The lines holding `value`, each with the value's character range in it: the tightest line
 * first, then every other print of the value alone (a name printed in two scripts, a number
 * printed twice), which a forger edits as well.
 */
export function findValues(lines: readonly TextLine[], value: string): Found[] {
  const wanted = matchForm(value).form;
  if (wanted === '') return [];
  const found = lines.flatMap((line) => {
    if (isMrzLine(line.text)) return [];
    const { form, at } = matchForm(line.text);
    const k = form.indexOf(wanted);
    return k < 0 ? [] : [{ line, start: at[k]!, end: at[k + wanted.length - 1]! + 1, spare: form.length - wanted.length }];
  });
  found.sort((a, b) => a.spare - b.spare);
  return found.filter((f, i) => i === 0 || f.spare <= SPARE_MAX).map(({ line, start, end }) => ({ line, start, end }));
}

/** The tightest line holding `value`. */
export const findValue = (lines: readonly TextLine[], value: string): Found | null => findValues(lines, value)[0] ?? null;

interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

const luminance = (r: Raster, x: number, y: number): number => {
  const i = (y * r.width + x) * 3;
  return 0.299 * r.data[i]! + 0.587 * r.data[i + 1]! + 0.114 * r.data[i + 2]!;
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Otsu's threshold of a set of luminances. */
function otsu(values: readonly number[]): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of values) histogram[Math.max(0, Math.min(255, Math.round(v)))]!++;
  const total = values.length;
  const sum = histogram.reduce((acc, count, v) => acc + count * v, 0);
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let threshold = 128;
  for (let v = 0; v < 256; v++) {
    below += histogram[v]!;
    if (below === 0 || below === total) continue;
    belowSum += v * histogram[v]!;
    const between = below * (total - below) * (belowSum / below - (sum - belowSum) / (total - below)) ** 2;
    if (between > best) {
      best = between;
      threshold = v;
    }
  }
  return threshold;
}

/** The median colour of pixels, as `#rrggbb`. */
function colourOf(r: Raster, pixels: readonly [number, number][]): string {
  const channel = (c: number): number => median(pixels.map(([x, y]) => r.data[(y * r.width + x) * 3 + c]!));
  return `#${[0, 1, 2].map((c) => Math.round(channel(c)).toString(16).padStart(2, '0')).join('')}`;
}

export interface Edit {
  image: Buffer;
  /** The image's pixels that were painted over, as an upright box: x, y, width, height. */
  box: [number, number, number, number];
}

/**
 * A line's own frame: `u` along its text, `v` across it (downwards), both unit vectors, and the
 * extent of its box in those coordinates. A photographed page's lines are not level: the value's
 * columns and rows are found in the line's frame, so that a neighbouring line never counts as ink.
 */
interface LineFrame {
  cos: number;
  sin: number;
  u0: number;
  u1: number;
  v0: number;
  v1: number;
}

function lineFrame(box: readonly number[]): LineFrame {
  const corners = Array.from({ length: box.length / 2 }, (_, i) => [box[2 * i]!, box[2 * i + 1]!] as const);
  // The text runs along the box's longest side, read left to right.
  let [dx, dy] = [1, 0];
  let longest = 0;
  corners.forEach(([x, y], i) => {
    const [nx, ny] = corners[(i + 1) % corners.length]!;
    const length = Math.hypot(nx - x, ny - y);
    if (length > longest) [longest, dx, dy] = [length, nx - x, ny - y];
  });
  if (dx < 0) [dx, dy] = [-dx, -dy];
  const norm = Math.hypot(dx, dy) || 1;
  const [cos, sin] = [dx / norm, dy / norm];
  const us = corners.map(([x, y]) => x * cos + y * sin);
  const vs = corners.map(([x, y]) => -x * sin + y * cos);
  return { cos, sin, u0: Math.min(...us), u1: Math.max(...us), v0: Math.min(...vs), v1: Math.max(...vs) };
}

/** The image point at line coordinates (u, v). */
const pointOf = (f: LineFrame, u: number, v: number): [number, number] => [u * f.cos - v * f.sin, u * f.sin + v * f.cos];

/**
 * Paints `altered` over `value` where it stands in `line` (characters `start`–`end` of its text);
 * null where the box holds no ink darker than its paper.
 */
export async function repaint(image: Buffer, line: TextLine, start: number, end: number, value: string, altered: string): Promise<Edit | null> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const r: Raster = { data, width: info.width, height: info.height };
  const frame = lineFrame(line.box);
  const pixelAt = (u: number, v: number): [number, number] => {
    const [x, y] = pointOf(frame, u, v);
    return [Math.max(0, Math.min(r.width - 1, Math.round(x))), Math.max(0, Math.min(r.height - 1, Math.round(y)))];
  };
  const width = Math.round(frame.u1 - frame.u0);
  const height = Math.round(frame.v1 - frame.v0);
  if (width < 2 || height < 2) return null;
  // The line's raster in its own frame: column k, row j is (u0 + k, v0 + j).
  const at = (k: number, j: number): [number, number] => pixelAt(frame.u0 + k, frame.v0 + j);
  const lum = new Float64Array((width + 1) * (height + 1));
  for (let j = 0; j <= height; j++) for (let k = 0; k <= width; k++) lum[j * (width + 1) + k] = luminance(r, ...at(k, j));
  const threshold = otsu([...lum]);
  const ink = (k: number, j: number): boolean => lum[j * (width + 1) + k]! < threshold;
  const columns = Array.from({ length: width + 1 }, (_, k) => {
    let count = 0;
    for (let j = 0; j <= height; j++) if (ink(k, j)) count++;
    return count;
  });

  // Where the value starts and ends: the word gap nearest to its share of the line's characters.
  const gapMin = Math.max(2, Math.round(0.25 * height));
  const gaps: [number, number][] = [];
  for (let k = 0; k < columns.length;) {
    if (columns[k] !== 0) { k++; continue; }
    let e = k;
    while (e < columns.length && columns[e] === 0) e++;
    if (e - k >= gapMin) gaps.push([k, e]);
    k = e;
  }
  const length = Math.max(1, line.text.length);
  const nearest = (target: number, side: 0 | 1): number | undefined =>
    [...gaps].sort((a, b) => Math.abs((a[0] + a[1]) / 2 - target) - Math.abs((b[0] + b[1]) / 2 - target))[0]?.[side];
  const from = start === 0 ? 0 : nearest((start / length) * columns.length, 1) ?? Math.round((start / length) * columns.length);
  const to = end >= line.text.trimEnd().length ? columns.length : nearest((end / length) * columns.length, 0) ?? Math.round((end / length) * columns.length);

  const inked = (k: number): boolean => (columns[k] ?? 0) > 0;
  let k0 = from;
  let k1 = to - 1;
  while (k0 <= k1 && !inked(k0)) k0++;
  while (k1 >= k0 && !inked(k1)) k1--;
  if (k0 > k1) return null;
  // The value's rows: of the runs of inked rows, the one with the most ink, so that a caption
  // printed small above it within the detector's box, or a neighbour's stroke, is left out.
  const rows = Array.from({ length: height + 1 }, (_, j) => {
    let count = 0;
    for (let k = k0; k <= k1; k++) if (ink(k, j)) count++;
    return count;
  });
  const floor = 0.08 * Math.max(...rows);
  let [j0, j1, mass] = [0, -1, -1];
  for (let j = 0; j <= height;) {
    if (rows[j]! <= floor) { j++; continue; }
    let e = j;
    let sum = 0;
    while (e <= height && rows[e]! > floor) sum += rows[e++]!;
    if (sum > mass) [j0, j1, mass] = [j, e - 1, sum];
    j = e;
  }
  if (j1 < j0) return null;
  const pixels: [number, number][] = [];
  for (let j = j0; j <= j1; j++) for (let k = k0; k <= k1; k++) if (ink(k, j)) pixels.push(at(k, j));
  if (pixels.length === 0) return null;
  const inkHeight = j1 - j0 + 1;
  const [u0, u1, v0, v1] = [frame.u0 + k0, frame.u0 + k1 + 1, frame.v0 + j0, frame.v0 + j1 + 1];

  // The paper: a ring just outside the box, whose median ignores a neighbour's stray stroke.
  const pad = Math.max(1, Math.round(0.15 * inkHeight));
  const ring: [number, number][] = [];
  for (let u = u0 - pad - 2; u < u1 + pad + 2; u++) for (const v of [v0 - pad - 2, v1 + pad + 1]) ring.push(pixelAt(u, v));
  for (let v = v0 - pad; v < v1 + pad; v++) for (const u of [u0 - pad - 2, u1 + pad + 1]) ring.push(pixelAt(u, v));
  const paper = colourOf(r, ring);

  // The ink's own colour: its darker half, as the edges of anti-aliased strokes blend with the paper.
  const darkest = [...pixels].sort((a, b) => luminance(r, ...a) - luminance(r, ...b)).slice(0, Math.max(1, Math.ceil(pixels.length / 2)));
  // The value's capitals stand on the ink's bottom unless it has letters that go below.
  const descends = /[gjpqy,]/.test(value);
  const capHeight = descends ? inkHeight * 0.78 : inkHeight;
  const weight = pixels.length / ((u1 - u0) * inkHeight) > 0.33 ? 'bold' : 'normal';
  const textWidth = (u1 - u0) * ([...altered].length / Math.max(1, [...value].length));
  const fill = [pointOf(frame, u0 - pad, v0 - pad), pointOf(frame, u1 + pad, v0 - pad), pointOf(frame, u1 + pad, v1 + pad), pointOf(frame, u0 - pad, v1 + pad)];
  const [bx, by] = pointOf(frame, u0, v0 + capHeight);
  const degrees = (Math.atan2(frame.sin, frame.cos) * 180) / Math.PI;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${r.width}" height="${r.height}">`
    + `<polygon points="${fill.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${paper}"/>`
    + `<text transform="translate(${bx.toFixed(1)} ${by.toFixed(1)}) rotate(${degrees.toFixed(2)})" font-family="DejaVu Sans" font-weight="${weight}" font-size="${(capHeight / 0.73).toFixed(1)}" `
    + `fill="${colourOf(r, darkest)}" textLength="${textWidth.toFixed(1)}" lengthAdjust="spacingAndGlyphs">${escapeXml(altered)}</text></svg>`;
  const edited = await sharp(image).removeAlpha().composite([{ input: Buffer.from(svg), left: 0, top: 0 }]).png().toBuffer();
  const xs = fill.map(([x]) => x);
  const ys = fill.map(([, y]) => y);
  const [x0, y0] = [Math.floor(Math.min(...xs)), Math.floor(Math.min(...ys))];
  return { image: edited, box: [x0, y0, Math.ceil(Math.max(...xs)) - x0, Math.ceil(Math.max(...ys)) - y0] };
}
