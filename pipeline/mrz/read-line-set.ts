/** Reads one set of MRZ line crops under every layout the count allows (docs/mrz.md). */
import type { Charset } from '../ocr/charset.js';
import { recognizeLines, inputWidth, type LineProbabilities } from '../ocr/recognizer.js';
import type { GreyImage } from '../image.js';
import type { RecogniserModel } from '../ocr/model-files.js';
import { BLANK, foldClasses, foldRows } from './alphabet.js';
import type { BandReading } from './band-reading.js';
import { decodeConstrained } from './ctc-constrained.js';
import { firstReadingStands, linesInDoubt, mrzLike } from './doubt.js';
import { fuse } from './fuse-readings.js';
import { cutPieces } from './band-lines.js';
import { LAYOUTS, formatsFor, refineFormat, type MrzFormat } from './layout.js';
import { correctReading } from './correct-state-codes.js';
import { MRZ_TUNING } from './tunables.js';




/** PP-OCRv6 small, the better of the two recognisers, settles every band tiny is not sure of. */
const MRZ_RECOGNISER: RecogniserModel = 'v6';
/** PP-OCRv6 tiny reads the band first, several times faster; its reading stands only where sure. */
const FIRST_RECOGNISER: RecogniserModel = 'v6-tiny';

function concatRows(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

let folding: { charset: Charset; classes: number[][] } | undefined;
function foldingFor(charset: Charset): number[][] {
  if (folding?.charset !== charset) folding = { charset, classes: foldClasses(charset) };
  return folding.classes;
}

interface RecognisedLine {
  rows: Float32Array;
  /** Non-blank probability over the line's steps … */
  text: number;
  /** … and its part on MRZ characters or look-alikes. */
  mrz: number;
}

function weighInk(line: RecognisedLine, piece: LineProbabilities, classes: readonly number[][]): void {
  for (let t = 0; t < piece.steps; t++) {
    const row = t * piece.classes;
    line.text += 1 - piece.probs[row]!;
    for (const sources of classes) for (const k of sources) line.mrz += piece.probs[row + k]!;
  }
}

/** Share of the non-blank probability on MRZ characters: near 1 for an MRZ, lower for other text. */
function mrzLikeness(lines: readonly RecognisedLine[]): number {
  const text = lines.reduce((s, l) => s + l.text, 0);
  const mrz = lines.reduce((s, l) => s + l.mrz, 0);
  return text <= 0 ? 0 : Math.min(1, mrz / text);
}

/** The number of characters a line holds, from the pitch of its first 20 characters and its ink's span. */
export function estimateLength(rows: Float32Array): number {
  const width = BLANK + 1;
  const starts: number[] = [];
  let previous = BLANK; let last = -1;
  for (let t = 0; t < rows.length / width; t++) {
    let best = 0;
    for (let k = 1; k < width; k++) if (rows[t * width + k]! > rows[t * width + best]!) best = k;
    if (best !== BLANK) { last = t; if (best !== previous) starts.push(t); }
    previous = best;
  }
  if (starts.length < 21) return starts.length;
  const pitch = (starts[20]! - starts[0]!) / 20;
  return (last - starts[0]!) / pitch + 1;
}

/** Reads 2 or 3 line crops; tiny first, small where unsure, doubtful lines read again whole and fused; null when no layout fits. */
export async function readLineCrops(crops: readonly GreyImage[]): Promise<BandReading | null> {
  const squeeze = squeezeFor(crops);
  const pieceCount = Math.ceil(charsPerLine(crops) / MRZ_TUNING.pieceChars);
  const first = decodeLines(await recognise(crops, pieceCount, squeeze, FIRST_RECOGNISER));
  if (first && firstReadingStands(first)) return first;
  const pieces = await recognise(crops, pieceCount, squeeze);
  const cut = decodeLines(pieces);
  if (cut && !mrzLike(cut)) return cut;
  const again = cut ? linesInDoubt(cut) : crops.map((_, i) => i);
  if (again.length === 0) return cut;
  const redone = await recognise(again.map((i) => crops[i]!), 1, squeeze * MRZ_TUNING.secondScale);
  // Lines read surely in pieces keep that reading: fused with itself, it stays as it is.
  const whole = decodeLines(pieces.map((line, i) => (again.includes(i) ? redone[again.indexOf(i)]! : line)));
  if (!whole) return cut;
  if (!cut) return whole;
  const fused = fuse(cut, whole);
  if (fused && fused.failed.length <= Math.min(cut.failed.length, whole.failed.length)) return fused;
  return better(whole, cut) ? whole : cut;
}

const charsPerLine = (crops: readonly GreyImage[]): number => (crops.length === 3 ? 30 : 44);

/** The horizontal scale that gives the widest line at most MRZ_TUNING.columnsPerChar input columns a character. */
function squeezeFor(crops: readonly GreyImage[]): number {
  const natural = Math.max(...crops.map((c) => inputWidth(c)));
  return Math.min(1, ((charsPerLine(crops) + 1) * MRZ_TUNING.columnsPerChar) / natural);
}

async function recognise(crops: readonly GreyImage[], pieces: number, squeeze: number, model = MRZ_RECOGNISER): Promise<RecognisedLine[]> {
  const chars = charsPerLine(crops);
  const cut = crops.map((crop) => cutPieces(crop, pieces, chars));
  const probabilities = await recognizeLines(cut.flat(), { squeeze, latinOnly: true, model });
  const classes = foldingFor(probabilities[0]!.charset);
  let next = 0;
  return cut.map((line) => {
    const own = line.map(() => probabilities[next++]!);
    const recognised: RecognisedLine = { rows: concatRows(own.map((p) => foldRows(p, classes))), text: 0, mrz: 0 };
    for (const piece of own) weighInk(recognised, piece, classes);
    return recognised;
  });
}

function decodeLines(lines: readonly RecognisedLine[]): BandReading | null {
  const rows = lines.map((line) => line.rows);
  const likeness = mrzLikeness(lines);
    // TD2 and TD3 differ by eight often-merged fillers: the last line's pitch helps `better` choose.
  const formats = formatsFor(lines.length);
    // Failing checks earn a second decoding that splits merged doubles (TT, 00) as readily as fillers.
  let best: BandReading | null = null;
  for (const penalty of [undefined, MRZ_TUNING.lenientSplitPenalty]) {
    for (const format of formats) {
      const reading = decodeBand(rows, format, likeness, penalty);
      if (reading && (!best || better(reading, best))) best = reading;
    }
    if (best?.failed.length === 0) break;
  }
  return best;
}

function decodeBand(rows: readonly Float32Array[], format: MrzFormat, likeness: number, penalty?: number): BandReading | null {
  const estimate = estimateLength(rows[rows.length - 1]!);
  const first = decodeConstrained(rows[0]!, LAYOUTS[format].classes[0]!, penalty);
  if (!first) return null;
  const layout = LAYOUTS[refineFormat(format, first.text)];
    // A passport's MRZ is TD3 (ICAO 9303 part 4): read shorter, it is a band cut short.
  if (first.text.startsWith('P') && layout.format !== 'TD3') return null;
  const rest = rows.slice(1).map((r, i) => decodeConstrained(r, layout.classes[i + 1]!, penalty));
  if (rest.some((d) => d === null)) return null;
  const lines = [first, ...rest.map((d) => d!)];
  const positions = lines.map((l) => l.positions);
  const corrected = correctReading(layout, positions);
  return { ...corrected, positions, format: layout.format, score: lines.reduce((s, l) => s + l.score, 0), likeness, estimate };
}


/** Fewer failed checks first; then the likelier path, but between lengths the pitch's unless the other is formatMargin likelier. */
export function better(a: BandReading, b: BandReading): boolean {
  const fa = a.failed.length / a.checks.length;
  const fb = b.failed.length / b.checks.length;
  if (fa !== fb) return fa < fb;
  const la = a.lines[0]!.length; const lb = b.lines[0]!.length;
  if (la === lb || a.estimate === undefined) return a.score > b.score;
  const aFits = Math.abs(la - a.estimate) < Math.abs(lb - a.estimate);
  return aFits ? a.score > b.score - MRZ_TUNING.formatMargin : a.score > b.score + MRZ_TUNING.formatMargin;
}
