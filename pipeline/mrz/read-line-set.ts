/**
 * Reading one set of MRZ line crops: recognise them (narrowed to the pitch the decoder needs, each
 * line in two pieces), fold the probabilities onto the MRZ alphabet, decode each line under every
 * layout its line count allows, correct by the check digits, and keep the layout that reads best;
 * the lines of a doubtful reading are read again whole and the two readings fused (fuse-readings.ts).
 */
import type { Charset } from '../ocr/charset.js';
import { recognizeLines, inputWidth, type LineProbabilities } from '../ocr/recognizer.js';
import type { GreyImage } from '../image.js';
import type { RecogniserModel } from '../ocr/model-files.js';
import { BLANK, foldClasses, foldRows } from './alphabet.js';
import type { BandReading } from './band-reading.js';
import { LENIENT_SPLIT_PENALTY, decodeConstrained } from './ctc-constrained.js';
import { firstReadingStands, linesInDoubt, mrzLike } from './doubt.js';
import { fuse } from './fuse-readings.js';
import { cutPieces } from './band-lines.js';
import { LAYOUTS, formatsFor, refineFormat, type MrzFormat } from './layout.js';
import { correctReading } from './correct-state-codes.js';

/**
 * Input columns per character, at most, of the first reading (lines in pieces). The recogniser
 * emits one time step per 8 columns; at 25 a character gets about 3 steps, still enough to keep a
 * blank between equal neighbours in fillers, and costs a sixth less than 30 (the recogniser's time
 * is about linear in the columns). Most pages' lines are narrower than 30 columns a character at
 * the model's height and were never squeezed at 30; at 25, TD3 lines and most TD1 lines are.
 */
const COLUMNS_PER_CHAR = 25;

/**
 * Scale of the second reading (doubtful lines, whole) against the first. Read at another scale the
 * recogniser errs elsewhere, which is what fusing the two needs. Over the 332 MRZ specimens of
 * seeds 4242, 909 and 1010: both at 30 columns, 325 exact; the pieces at 26 or 24 and the second
 * reading at the same scale, 324 and 323; the pieces at 25 and the second at 1.2 times that
 * (30), 327 and the median page about 13 % faster. One page that was an MRZOCRError then read
 * valid but wrong (1010-143, its optional data read through glare), while two that read valid but
 * wrong became exact (909-62, 1010-148).
 */
const SECOND_SCALE = 1.2;

/**
 * Characters per recognised piece of a line. PP-OCR's recognition training configs cap a label at
 * 25 characters (max_text_length), and on a whole 30- or 44-character MRZ line the recogniser
 * misreads characters that it reads surely in a piece: whole, a US passport card's first line
 * IPUSAC278046869<<<… came out as 1P092780489<<<…, its left half alone exactly. Over 332 MRZ
 * specimens (seeds 4242, 909, 1010, 150 each) lines cut in two read 313 exactly against 304
 * whole, in the same time; cut at most 15 characters a piece, 314.
 */
const PIECE_CHARS = 22;

/** PP-OCRv6 small, the better of the two recognisers, settles every band tiny is not sure of. */
const MRZ_RECOGNISER: RecogniserModel = 'v6';
/**
 * PP-OCRv6 tiny reads the band first: on a TD3 band's four pieces 45 ms against small's 255. Its
 * reading stands only where it is sure (doubt.ts `firstReadingStands`); otherwise small reads the
 * band as if tiny had not.
 */
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

/** A line recognised: its rows folded onto the MRZ alphabet, and the mass `mrzLikeness` weighs. */
interface RecognisedLine {
  rows: Float32Array;
  /** The recogniser's non-blank probability, summed over the line's time steps … */
  text: number;
  /** … and the part of it on MRZ characters (or their look-alikes). */
  mrz: number;
}

/** Sums a piece's non-blank probability and the part of it on MRZ characters into `line`. */
function weighInk(line: RecognisedLine, piece: LineProbabilities, classes: readonly number[][]): void {
  for (let t = 0; t < piece.steps; t++) {
    const row = t * piece.classes;
    line.text += 1 - piece.probs[row]!;
    for (const sources of classes) for (const k of sources) line.mrz += piece.probs[row + k]!;
  }
}

/**
 * Share of the recogniser's non-blank probability that falls on MRZ characters (or their
 * look-alikes): near 1 for an MRZ, much lower for other text (lower case, punctuation, spaces).
 */
function mrzLikeness(lines: readonly RecognisedLine[]): number {
  const text = lines.reduce((s, l) => s + l.text, 0);
  const mrz = lines.reduce((s, l) => s + l.mrz, 0);
  return text <= 0 ? 0 : Math.min(1, mrz / text);
}

/**
 * The number of characters a line holds, from the pitch of its first 20 characters (a new
 * character wherever the arg-max class changes to a non-blank) and the span of its ink.
 */
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

/**
 * Reads 2 or 3 line crops of one band; null when no layout fits them. Each line is recognised in
 * pieces of at most PIECE_CHARS characters, by PP-OCRv6 tiny first: where its reading stands
 * (FIRST_RECOGNISER), that is the band's; otherwise small reads the pieces. A reading whose
 * checks fail is read again with the lines whole, and so are the lines of a valid reading that
 * hold a character read below DOUBTFUL_PROBABILITY which the check digits do not vouch for
 * (doubt.ts); where both readings take the same layout they are fused position by position and
 * corrected again, else the better one stands. Over the same 332 specimens: 313 exact with the
 * pieces alone, 317 with the better of the two, 320 fused.
 *
 * A reading that is no MRZ (`mrzLike`) is not read again: it is text of another kind or the band
 * upside down, and on the 345 MRZ specimens of seeds 4242, 909 and 1010 such readings, read again
 * whole (49 times), never gave the page's answer. Nor are the lines of a valid reading whose
 * doubtful characters the checks vouch for: about half the valid readings with a doubtful
 * character, all of them exact already. With both, 85 % of those pages take one recogniser call
 * instead of 60 %, and every answer stayed as it was.
 */
export async function readLineCrops(crops: readonly GreyImage[]): Promise<BandReading | null> {
  const squeeze = squeezeFor(crops);
  const pieceCount = Math.ceil(charsPerLine(crops) / PIECE_CHARS);
  const first = decodeLines(await recognise(crops, pieceCount, squeeze, FIRST_RECOGNISER));
  if (first && firstReadingStands(first)) return first;
  const pieces = await recognise(crops, pieceCount, squeeze);
  const cut = decodeLines(pieces);
  if (cut && !mrzLike(cut)) return cut;
  const again = cut ? linesInDoubt(cut) : crops.map((_, i) => i);
  if (again.length === 0) return cut;
  const redone = await recognise(again.map((i) => crops[i]!), 1, squeeze * SECOND_SCALE);
  // Lines read surely in pieces keep that reading: fused with itself, it stays as it is.
  const whole = decodeLines(pieces.map((line, i) => (again.includes(i) ? redone[again.indexOf(i)]! : line)));
  if (!whole) return cut;
  if (!cut) return whole;
  const fused = fuse(cut, whole);
  if (fused && fused.failed.length <= Math.min(cut.failed.length, whole.failed.length)) return fused;
  return better(whole, cut) ? whole : cut;
}

const charsPerLine = (crops: readonly GreyImage[]): number => (crops.length === 3 ? 30 : 44);

/** The horizontal scale that gives the widest line at most COLUMNS_PER_CHAR input columns a character. */
function squeezeFor(crops: readonly GreyImage[]): number {
  const natural = Math.max(...crops.map((c) => inputWidth(c)));
  return Math.min(1, ((charsPerLine(crops) + 1) * COLUMNS_PER_CHAR) / natural);
}

/** Recognises the lines, each cut into `pieces`, in one call. */
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

/** Decodes recognised lines under every layout their count allows; the best reading, or null. */
function decodeLines(lines: readonly RecognisedLine[]): BandReading | null {
  const rows = lines.map((line) => line.rows);
  const likeness = mrzLikeness(lines);
  // TD2 and TD3 differ by eight characters that are often all fillers, which the recogniser may
  // merge: the last line's pitch, measured on its first characters (never fillers), helps `better`
  // tell them apart.
  const formats = formatsFor(lines.length);
  // Every layout the line count allows is decoded; failing checks also earn a second decoding
  // that splits merged doubles (TT, 00) as readily as fillers.
  let best: BandReading | null = null;
  for (const penalty of [undefined, LENIENT_SPLIT_PENALTY]) {
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
  // A passport's MRZ is TD3 (ICAO 9303 part 4); TD1 and TD2 codes open with A, C or I (parts 5, 6).
  // A passport read as 36 characters is a band cut short, not a TD2 to check.
  if (first.text.startsWith('P') && layout.format !== 'TD3') return null;
  const rest = rows.slice(1).map((r, i) => decodeConstrained(r, layout.classes[i + 1]!, penalty));
  if (rest.some((d) => d === null)) return null;
  const lines = [first, ...rest.map((d) => d!)];
  const positions = lines.map((l) => l.positions);
  const corrected = correctReading(layout, positions);
  return { ...corrected, positions, format: layout.format, score: lines.reduce((s, l) => s + l.score, 0), likeness, estimate };
}

/**
 * How much likelier a layout's path must be to beat the layout the line's length suggests, when
 * both read valid: eight merged fillers split apart cost 8 × |log 0.05| ≈ 24; a layout that had
 * to drop real characters loses far more.
 */
const FORMAT_MARGIN = 34;

/**
 * Fewer failed checks first; between readings of one length, the likelier path; between
 * lengths, the one the measured pitch suggests (`estimate`) unless the other is far likelier.
 */
export function better(a: BandReading, b: BandReading): boolean {
  const fa = a.failed.length / a.checks.length;
  const fb = b.failed.length / b.checks.length;
  if (fa !== fb) return fa < fb;
  const la = a.lines[0]!.length; const lb = b.lines[0]!.length;
  if (la === lb || a.estimate === undefined) return a.score > b.score;
  const aFits = Math.abs(la - a.estimate) < Math.abs(lb - a.estimate);
  return aFits ? a.score > b.score - FORMAT_MARGIN : a.score > b.score + FORMAT_MARGIN;
}
