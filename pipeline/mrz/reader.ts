/**
 * The MRZ reader:
 *
 *   page ─► band candidates (opencv-mrz.ts, band-group.ts) ─► cut upright ─► split into lines
 *        ─► 2–3 equal lines? ─► recognise + constrained decode + check-digit correction
 *        ─► all checks hold? done : the band turned 180°, the next band, the page turned 90°
 *
 * The search stops at the first confident reading whose check digits all hold. Otherwise the best
 * reading found is returned (its failing fields get confidence 0, which the verdict turns into
 * ItsFake) provided it is an MRZ at all: mostly MRZ characters, read with some certainty; and
 * provided its failing checks rest on characters read surely: a check failing over a doubtful
 * character is the photo's fault, answered MRZOCRError (on 120 genuine photos of two seeds, 3
 * false ItsFake became MRZOCRError; of 72 altered check digits, 3 read as ItsFake became MRZOCRError,
 * none passed).
 */
import { CodedError } from '../../common/errors.js';
import type { OpenCv } from '../backends/opencv.js';
import { cutBand, findBands, type Band } from '../backends/opencv-mrz.js';
import type { PreparedImage } from '../job.js';
import type { GreyImage } from '../ocr/recognizer.js';
import { groupBands } from './band-group.js';
import type { Correction } from './correct.js';
import { mrzDocument, type MrzDocument } from './fields.js';
import type { MrzFormat } from './layout.js';
import { cropLine, mrzLineSets, splitLines, type TextLine } from './lines.js';
import { DOUBTFUL_PROBABILITY, better, readLineCrops, type BandReading } from './read-band.js';

/** A reading below this share of MRZ-like characters is text of another kind. */
const MIN_LIKENESS = 0.75;
const MIN_MEAN_PROBABILITY = 0.5;
/**
 * …and nine characters in ten read with at least this probability. On the specimen corpus exact
 * reads keep their 10th percentile above 0.45 even in photos, while text read from the wrong lines,
 * upside down or through heavy blur sits below 0.03 and can still pass every check after a few
 * corrections: such a reading must not outrank (or stand in for) a clear one whose checks fail.
 */
const MIN_DECILE_PROBABILITY = 0.1;
const CONCLUSIVE_PROBABILITY = 0.75;
/**
 * Check-digit corrections a reading may need. State codes put right from the table of codes do
 * not count: they pass no check, and the recogniser often misreads USA (as OSS or OZA) on lines
 * that it otherwise reads surely.
 */
const MAX_CORRECTIONS = 4;
/** Line sets tried per band and orientation. */
const SETS_PER_BAND = 2;

export interface MrzResult extends MrzDocument {
  lines: string[];
  format: MrzFormat;
  /** Per line, per character: the probability of the character read (after correction). */
  probabilities: number[][];
  /** Names of the checks that fail (empty when the MRZ is valid). */
  failedChecks: string[];
  /** Characters the check digits changed from what the recogniser read best. */
  corrections: Correction[];
}

/** A greyscale image turned 90° clockwise. */
export function turnQuarter(image: GreyImage): GreyImage {
  const { width, height, grey } = image;
  const out = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) out[x * height + (height - 1 - y)] = grey[y * width + x]!;
  }
  return { width: height, height: width, grey: out };
}

/** A greyscale image turned 180° (a copy: Buffer.slice would only be a view). */
export function turnHalf(image: GreyImage): GreyImage {
  return { width: image.width, height: image.height, grey: new Uint8Array(image.grey).reverse() };
}

function meanProbability(reading: BandReading): number {
  const all = reading.probs.flat();
  return all.reduce((s, p) => s + p, 0) / all.length;
}

/** The probability that nine characters in ten of the reading reach. */
function decileProbability(reading: BandReading): number {
  const all = reading.probs.flat().sort((a, b) => a - b);
  return all[Math.floor(all.length / 10)]!;
}

/**
 * A reading that can stand as the MRZ's: mostly MRZ characters, nearly all read with some certainty, and
 * not talked into validity by many corrections. Text read upside down or sideways can pass a
 * check digit or two by chance (or by correction among its many uncertain characters); it does
 * not pass this.
 */
function readable(reading: BandReading): boolean {
  return meanProbability(reading) >= MIN_MEAN_PROBABILITY && decileProbability(reading) >= MIN_DECILE_PROBABILITY
    && reading.corrections.filter((c) => c.by === 'check').length <= MAX_CORRECTIONS;
}

/**
 * A check that fails over a character the recogniser was unsure of: the photo was not read, which
 * says nothing about the document. Such a reading is an MRZOCRError (take the photo again), not
 * the ItsFake a failing check otherwise means; a check digit altered on the document is read as
 * surely as the rest and still fails as ItsFake.
 */
export function doubtfulFailure(reading: Pick<BandReading, 'checks' | 'failed' | 'probs'>): boolean {
  const failing = reading.checks.filter((check) => reading.failed.includes(check.name));
  return failing.length > 0 && failing.every((check) =>
    [...check.spans, { line: check.line, start: check.at, end: check.at + 1 }].some((span) =>
      reading.probs[span.line]!.slice(span.start, span.end).some((p) => p < DOUBTFUL_PROBABILITY)));
}

/** A reading good enough to stop searching. */
function conclusive(reading: BandReading): boolean {
  return reading.failed.length === 0 && meanProbability(reading) >= CONCLUSIVE_PROBABILITY;
}

/**
 * Paddings of a band cut again because its text runs into the cut's side: the morphology found the
 * band short where glare or a faint filler run broke the blob, and the lines would be read short.
 * The second is cut only where the first still ends in the text (a band found at 36 characters of 44).
 */
const WIDER_PADS_X = [0.2, 0.4];

/** A crop of a band and its text lines. */
interface BandCrop {
  crop: GreyImage;
  lines: TextLine[];
}

function withLines(crop: GreyImage): BandCrop {
  return { crop, lines: splitLines(crop) };
}

/**
 * The crops of a band to read, in turn: the band cut upright, then turned 180°; and while a line
 * of the last cut runs to its left or right side, the same of a cut made wider. The wider cuts
 * come last: they also take in more of the background beside the page, which misled the line
 * split of three photos (of 108, seed 4242) that the first cut read well.
 */
function* bandCrops(cv: OpenCv, view: GreyImage, band: Band): Generator<BandCrop> {
  const upright = withLines(cutBand(cv, view, band));
  yield upright;
  yield withLines(turnHalf(upright.crop));
  let cut = upright;
  for (const pad of WIDER_PADS_X) {
    if (!touchesSide(cut)) return;
    cut = withLines(cutBand(cv, view, band, pad));
    yield cut;
    yield withLines(turnHalf(cut.crop));
  }
}

/** Whether a line of the crop runs to its left or right side. */
function touchesSide({ crop, lines }: BandCrop): boolean {
  return lines.some((line) => line.left <= 1 || line.right >= crop.width - 1);
}

/** Reads the MRZ of a page with the given OpenCV.js instance. */
export async function readMrzWith(cv: OpenCv, image: PreparedImage): Promise<MrzResult> {
  const page: GreyImage = { width: image.width, height: image.height, grey: image.grey };
  let best: BandReading | null = null;
  // Whether some band looked like an MRZ: then failing to read it is an MRZOCRError.
  let sawMrz = false;
  search:
  for (const turned of [page, null]) {
    const view = turned ?? turnQuarter(page);
    for (const band of groupBands(findBands(cv, view))) {
      for (const { crop, lines } of bandCrops(cv, view, band)) {
        for (const set of mrzLineSets(lines).slice(0, SETS_PER_BAND)) {
          const reading = await readLineCrops(set.map((line) => cropLine(crop, line)));
          if (!reading || reading.likeness < MIN_LIKENESS) continue;
          sawMrz = true;
          if (!readable(reading)) continue;
          if (!best || better(reading, best)) best = reading;
          if (conclusive(best)) break search;
        }
      }
    }
  }
  if (best && doubtfulFailure(best)) {
    throw new CodedError('MRZOCRError', 'The machine-readable zone could not be read with certainty.', `checks ${best.failed.join(', ')} fail over doubtful characters`);
  }
  if (!best) {
    throw sawMrz
      ? new CodedError('MRZOCRError', 'The machine-readable zone could not be read.')
      : new CodedError('MrzIsNotPresentError', 'No machine-readable zone was found on the image.');
  }
  return {
    ...mrzDocument(best, best.format),
    lines: best.lines,
    format: best.format,
    probabilities: best.probs,
    failedChecks: best.failed,
    corrections: best.corrections,
  };
}
