/**
 * Reads the text lines of a page:
 *
 *   RGB page ─► upright-text.ts: detector (boxes; a smaller input when the region is detected again below)
 *            ─► page orientation (box shape + direction classifier)
 *            ─► [turned page ─► detector again, when the page was not upright]
 *            ─► [text region found upright, when asked to localise ─► detector again, full size]
 *            ─► line crops (from the page, through the region) ─► recogniser (batched by width; with PP-OCRv6 tiny, small reads again
 *               the lines it doubts or that may hold a known name: second-reading.ts)
 *            ─► [a name line with a doubtful letter read again from a widened crop: second-view.ts] ─► greedy CTC decoding
 *            ─► repair (latin/repair.ts: marks as the word's language writes them)
 *            (the MRZ's lines, where the MRZ reader read them already, take its text: known-lines.ts)
 *
 * Every line keeps its box (in the upright page's pixels), its text, the probability of each
 * character and their mean, and the recogniser's frames it was decoded from, on which the verdict
 * scores the machine-readable values (verdict/field-evidence.ts).
 */
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
  /** Mean character probability, 0–1. */
  confidence: number;
  /** Corners x0,y0 … x3,y3 clockwise from top-left, in the frame's pixels (PageText). */
  box: number[];
  /** Probability of each character of `text`. */
  chars?: number[];
  /**
   * The line reads one of the holder's names as the machine-readable part holds them (options'
   * `knownNames`), exactly as the recogniser read it: its agreement with the MRZ or barcode
   * vouches for it where its own confidence does not.
   */
  knownName?: boolean;
  /** The recogniser's frames the text was decoded from; absent for an MRZ line the MRZ reader read. */
  frames?: LineProbabilities;
}

export interface PageText {
  lines: OcrLine[];
  /** How far the input was turned clockwise to read it upright. */
  orientation: Orientation;
  /** The upright page. */
  page: RgbImage;
  /** The document's text region of the page where it was localised: the boxes are in its frame, otherwise in the page's. */
  region?: Region;
  /**
   * Boxes the detector found whose line read as nothing, corners as `OcrLine.box`: handwriting
   * mostly, which the recogniser reads as a few stray letters or, as often, as nothing.
   */
  blank: number[][];
}

export interface ReadOptions {
  /**
   * Read the document's text region again, upright and enlarged (localise.ts); the boxes then
   * refer to that region's frame, which `region` returns. For fronts; OcrImage keeps the input's frame.
   */
  localise?: boolean;
  /**
   * Decode to Latin script only (charset.ts): the recogniser's dictionary is mostly Chinese, and
   * on a Latin document a smudged caption otherwise reads as a CJK character (`4发N` for `4d DLN`).
   * For fronts; OcrImage reads every script, with the same recognisers.
   */
  latinOnly?: boolean;
  /**
   * The MRZ of this image as the MRZ reader read it, top line first: its lines' boxes take these
   * texts instead of being recognised again (known-lines.ts). For a passport's front.
   */
  knownMrz?: readonly string[];
  /**
   * The holder's names as the machine-readable part holds them, in capitals: the lines that may
   * hold them are read again by the better recogniser (second-reading.ts, second-view.ts).
   */
  knownNames?: readonly string[];
  /**
   * How far the page must turn clockwise to stand upright, where another reader has settled it:
   * the MRZ reader, whose check digits hold only the right way up. The direction classifier is
   * then not asked (about 27 ms of a passport front).
   */
  orientation?: Orientation;
  /** The document number as the machine-readable part holds it: where it may stand, PP-OCRv6 small reads again (second-reading.ts). */
  knownNumber?: string;
  /** The first recogniser (default: the worker's `ocrRecogniser`, IDV_OCR_RECOGNISER). */
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
  // Lines that read one of the holder's names, as recognised or taken for it (OcrLine.knownName).
  const named = new Set<number>();
  const decoded = boxes.map((_, i) => {
    const mrzLine = known.get(i);
    // The MRZ reader's text, its check digits verified; the field readers skip it.
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
