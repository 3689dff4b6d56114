/** A doubtful name line read again from a widened crop; the reading whose CTC paths explain both views better is kept. */
import { cropLine } from './crop.js';
import { ctcGreedy } from './ctc-decode.js';
import type { Quad } from './geometry.js';
import { alignText } from './latin/ctc-align.js';
import type { Region } from './localise.js';
import { recognizeLines, type LineProbabilities } from './recognizer.js';
import { mayHold } from './second-reading.js';
import type { RgbImage } from '../image.js';
import { OCR_TUNING } from './tunables.js';



export function widened(quad: Quad, by: number): Quad {
  const [a, b, c, d] = quad;
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const reach = by * Math.hypot(d.x - a.x, d.y - a.y);
  const dx = ((b.x - a.x) / length) * reach;
  const dy = ((b.y - a.y) / length) * reach;
  return [{ x: a.x - dx, y: a.y - dy }, { x: b.x + dx, y: b.y + dy }, { x: c.x + dx, y: c.y + dy }, { x: d.x - dx, y: d.y - dy }];
}

function latinText(line: LineProbabilities): { text: string; chars: number[] } {
  return ctcGreedy(line, line.charset.latin);
}

function doubtfulName(line: LineProbabilities, names: readonly string[]): boolean {
  const { text, chars } = latinText(line);
  // An MRZ line holds the names too, but the MRZ reader reads it (known-lines.ts).
  return !text.includes('<') && mayHold(text, names) && chars.some((p) => p < OCR_TUNING.doubtfulLetter);
}

/** `read`, each doubtful name line's reading replaced by its widened crop's where that explains both better. */
export async function withSecondViews(page: RgbImage, quads: readonly Quad[], region: Region | undefined,
  read: readonly LineProbabilities[], names: readonly string[]): Promise<LineProbabilities[]> {
  const out = [...read];
  if (names.length === 0) return out;
  const doubtful = read.flatMap((line, k) => (doubtfulName(line, names) ? [k] : []));
  if (doubtful.length === 0) return out;
  // Name lines are read by small in the end (second-reading.ts), so their second view is too.
  const crops = doubtful.map((k) => cropLine(page, widened(quads[k]!, OCR_TUNING.widen), region));
  const again = await recognizeLines(crops, { latinOnly: true, model: 'v6', squeeze: OCR_TUNING.v6Squeeze });
  doubtful.forEach((k, j) => {
    const views = [read[k]!, again[j]!];
    const score = (text: string): number => views.reduce((sum, view) => sum + (alignText(view, text)?.logProbability ?? -Infinity), 0);
    const [first, second] = views.map((view) => latinText(view).text.trim());
    if (second !== '' && second !== first && score(second!) > score(first!)) out[k] = again[j]!;
  });
  return out;
}
