/**
 * A forger's edit of a real page with an image editor: the printed value's text box is found
 * among the lines the project's own OCR read (OcrImage), filled with the colour of the paper
 * around it, and the new value is drawn in a plain sans font at the height and in the colour of
 * the old one (an SVG text composited by sharp).
 *
 *   OCR lines ─► the line that holds the value ─► the value's columns (word gaps in the ink)
 *            ─► its ink box ─► fill with the local paper colour ─► draw the new value ─► PNG
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

/** The line holding `value` and the value's character range in it; the tightest line wins. */
export function findValue(lines: readonly TextLine[], value: string): Found | null {
  const wanted = matchForm(value).form;
  if (wanted === '') return null;
  const found = lines.flatMap((line) => {
    if (isMrzLine(line.text)) return [];
    const { form, at } = matchForm(line.text);
    const k = form.indexOf(wanted);
    return k < 0 ? [] : [{ line, start: at[k]!, end: at[k + wanted.length - 1]! + 1, spare: form.length - wanted.length }];
  });
  found.sort((a, b) => a.spare - b.spare);
  const best = found[0];
  return best === undefined ? null : { line: best.line, start: best.start, end: best.end };
}

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
  /** The value's ink box that was painted over: x, y, width, height. */
  box: [number, number, number, number];
}

/**
 * Paints `altered` over `value` where it stands in `line` (characters `start`–`end` of its text);
 * null where the box holds no ink darker than its paper.
 */
export async function repaint(image: Buffer, line: TextLine, start: number, end: number, value: string, altered: string): Promise<Edit | null> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const r: Raster = { data, width: info.width, height: info.height };
  const xs = line.box.filter((_, i) => i % 2 === 0);
  const ys = line.box.filter((_, i) => i % 2 === 1);
  const clampX = (x: number): number => Math.max(0, Math.min(r.width - 1, Math.round(x)));
  const clampY = (y: number): number => Math.max(0, Math.min(r.height - 1, Math.round(y)));
  const [lx0, lx1, ly0, ly1] = [clampX(Math.min(...xs)), clampX(Math.max(...xs)), clampY(Math.min(...ys)), clampY(Math.max(...ys))];
  if (lx1 - lx0 < 2 || ly1 - ly0 < 2) return null;

  const inside: number[] = [];
  for (let y = ly0; y <= ly1; y++) for (let x = lx0; x <= lx1; x++) inside.push(luminance(r, x, y));
  const threshold = otsu(inside);
  const ink = (x: number, y: number): boolean => luminance(r, x, y) < threshold;
  const columns = Array.from({ length: lx1 - lx0 + 1 }, (_, k) => {
    let count = 0;
    for (let y = ly0; y <= ly1; y++) if (ink(lx0 + k, y)) count++;
    return count;
  });

  // Where the value starts and ends: the word gap nearest to its share of the line's characters.
  const gapMin = Math.max(2, Math.round(0.25 * (ly1 - ly0)));
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
  let vx0 = from;
  let vx1 = to - 1;
  while (vx0 <= vx1 && !inked(vx0)) vx0++;
  while (vx1 >= vx0 && !inked(vx1)) vx1--;
  if (vx0 > vx1) return null;
  const pixels: [number, number][] = [];
  for (let y = ly0; y <= ly1; y++) for (let x = lx0 + vx0; x <= lx0 + vx1; x++) if (ink(x, y)) pixels.push([x, y]);
  const [x0, x1] = [lx0 + vx0, lx0 + vx1 + 1];
  const y0 = Math.min(...pixels.map(([, y]) => y));
  const y1 = Math.max(...pixels.map(([, y]) => y)) + 1;
  const height = y1 - y0;

  // The paper: a ring just outside the box, whose median ignores a neighbour's stray stroke.
  const pad = Math.max(1, Math.round(0.15 * height));
  const ring: [number, number][] = [];
  for (let x = x0 - pad - 2; x < x1 + pad + 2; x++) for (const y of [y0 - pad - 2, y1 + pad + 1]) ring.push([clampX(x), clampY(y)]);
  for (let y = y0 - pad; y < y1 + pad; y++) for (const x of [x0 - pad - 2, x1 + pad + 1]) ring.push([clampX(x), clampY(y)]);
  const paper = colourOf(r, ring);

  // The ink's own colour: its darker half, as the edges of anti-aliased strokes blend with the paper.
  const darkest = [...pixels].sort((a, b) => luminance(r, ...a) - luminance(r, ...b)).slice(0, Math.max(1, Math.ceil(pixels.length / 2)));
  // The value's capitals stand on the ink's bottom unless it has letters that go below.
  const descends = /[gjpqy,]/.test(value);
  const capHeight = descends ? height * 0.78 : height;
  const weight = pixels.length / ((x1 - x0) * height) > 0.33 ? 'bold' : 'normal';
  const width = (x1 - x0) * ([...altered].length / Math.max(1, [...value].length));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${r.width}" height="${r.height}">`
    + `<rect x="${x0 - pad}" y="${y0 - pad}" width="${x1 - x0 + 2 * pad}" height="${height + 2 * pad}" fill="${paper}"/>`
    + `<text x="${x0}" y="${(y0 + capHeight).toFixed(1)}" font-family="DejaVu Sans" font-weight="${weight}" font-size="${(capHeight / 0.73).toFixed(1)}" `
    + `fill="${colourOf(r, darkest)}" textLength="${width.toFixed(1)}" lengthAdjust="spacingAndGlyphs">${escapeXml(altered)}</text></svg>`;
  const edited = await sharp(image).removeAlpha().composite([{ input: Buffer.from(svg), left: 0, top: 0 }]).png().toBuffer();
  return { image: edited, box: [x0, y0, x1 - x0, height] };
}
