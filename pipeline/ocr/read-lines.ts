/** Reads a page's text lines: boxes turned upright, recognised, read again where doubtful, repaired (docs/front-ocr.md). */
import type { PreparedImage } from '../job.js';
import { cropLine } from './crop.js';
import type { Orientation } from './direction.js';
import type { Region } from './localise.js';
import { quadToArray } from './geometry.js';
import { placeKnownMrz } from './known-lines.js';
import { ctcGreedy } from './ctc-decode.js';
import { repairLine } from './latin/repair.js';
import { readLatinLines } from './second-reading.js';
import { withSecondViews } from './second-view.js';
import type { RecogniserModel } from './model-files.js';
import type { LineProbabilities } from './recognizer.js';
import { detectUpright } from './upright-text.js';
import { workerSettings } from '../worker-settings.js';
import type { RgbImage } from '../image.js';

export interface OcrLine {
  text: string;
  confidence: number;
  /** Corners clockwise from top-left, in the frame's pixels. */
  box: number[];
  chars?: number[];
    /** The line reads one of the holder's machine-readable names exactly: that agreement vouches for it. */
  knownName?: boolean;
  /** Absent for an MRZ line the MRZ reader read. */
  frames?: LineProbabilities;
}

export interface PageText {
  lines: OcrLine[];
  orientation: Orientation;
  page: RgbImage;
  /** The localised text region: the boxes are in its frame when set, otherwise in the page's. */
  region?: Region;
    /** Boxes whose line read as nothing (mostly handwriting), corners as `OcrLine.box`. */
  blank: number[][];
}

export interface ReadOptions {
    /** Read the text region again, upright and enlarged (localise.ts); boxes are then in `region`'s frame. */
  localise?: boolean;
    /** Decode to Latin only (charset.ts): on a Latin document a smudge otherwise reads as a CJK character. */
  latinOnly?: boolean;
    /** The MRZ as the MRZ reader read it, top line first: its boxes take these texts (known-lines.ts). */
  knownMrz?: readonly string[];
    /** The holder's machine-readable names, in capitals: lines that may hold them are read again. */
  knownNames?: readonly string[];
    /** How far the page must turn clockwise, where another reader (the MRZ's) settled it. */
  orientation?: Orientation;
  /** The machine-readable document number: where it may stand, PP-OCRv6 small reads again. */
  knownNumber?: string;
  model?: RecogniserModel;
}

/** The lines of text of an image, in reading order, with the page turned upright. */
export async function readPage(image: Pick<PreparedImage, 'width' | 'height' | 'rgb'>, options: ReadOptions = {}): Promise<PageText> {
  const { page, orientation, boxes, region } = await detectUpright(image, {
    localise: options.localise === true, ...(options.orientation === undefined ? {} : { orientation: options.orientation }),
  });
  const latinOnly = options.latinOnly === true;
  const known = placeKnownMrz(boxes.map((b) => b.quad), options.knownMrz ?? []) ?? new Map<number, string>();
  const unread = boxes.flatMap((_, i) => (known.has(i) ? [] : [i]));
  const model = options.model ?? workerSettings().ocrRecogniser;
  const names = options.knownNames ?? [];
  const reading = { model, latinOnly, names, ...(options.knownNumber === undefined ? {} : { number: options.knownNumber }) };
  const quads = unread.map((i) => boxes[i]!.quad);
  const firstViews = await readLatinLines(quads.map((quad) => cropLine(page, quad, region)), reading);
  const probabilities = latinOnly ? await withSecondViews(page, quads, region, firstViews, names) : firstViews;
  const recognised = new Map(unread.map((box, k) => [box, probabilities[k]!]));
  const named = new Set<number>();
  const decoded = boxes.map((_, i) => {
    const mrzLine = known.get(i);
    if (mrzLine !== undefined) return knownLine(mrzLine);
    const p = recognised.get(i)!;
    const allowed = latinOnly ? p.charset.latin : undefined;
    const repaired = repairLine(p, ctcGreedy(p, allowed), names);
    if (repaired.named) named.add(i);
    return { ...repaired.line, frames: p };
  });
  const lines: OcrLine[] = [];
  const blank: number[][] = [];
  decoded.forEach((line, i) => {
    const text = line.text.trim();
    if (text === '') {
      blank.push(quadToArray(boxes[i]!.quad));
      return;
    }
    const lead = line.text.length - line.text.trimStart().length;
    lines.push({
      text,
      confidence: line.confidence,
      box: quadToArray(boxes[i]!.quad),
      chars: line.chars.slice(lead, lead + text.length),
      ...(named.has(i) ? { knownName: true } : {}),
      ...(line.frames === undefined ? {} : { frames: line.frames }),
    });
  });
  return { lines, orientation, page, ...(region === undefined ? {} : { region }), blank };
}

function knownLine(text: string): { text: string; confidence: number; chars: number[]; frames?: LineProbabilities } {
  return { text, confidence: 1, chars: Array.from(text, () => 1) };
}

/** The lines of text of an image, in reading order (see readPage). */
export async function readLines(image: PreparedImage, options: ReadOptions = {}): Promise<OcrLine[]> {
  return (await readPage(image, options)).lines;
}
