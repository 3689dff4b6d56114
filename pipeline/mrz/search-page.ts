/**
 * The MRZ reader:
 *
 *   page ─► band candidates (opencv-mrz.ts, band-group.ts) ─► cut upright ─► split into lines
 *        ─► 2–3 equal lines? ─► recognise + constrained decode + check-digit correction
 *        ─► all checks hold? done : the band turned 180°, the next band, the page turned 90°
 *           (turned only while nothing read as an MRZ the way it stands)
 *        ─► nothing read, or only doubtfully? the lines the text detector boxes on the page turned
 *           upright (detected-lines.ts), taken only when every check holds as read
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
import { DEEP_ERODE_ITERATIONS, ERODE_ITERATIONS, cutBand, findBands, type Band } from '../backends/opencv-mrz.js';
import type { PreparedImage } from '../job.js';
import type { GreyImage } from '../image.js';
import type { Orientation } from '../ocr/direction.js';
import { groupBands } from './band-group.js';
import type { Correction, CorrectedReading } from './correct-by-checks.js';
import { mrzDocument, type MrzDocument } from './fields.js';
import type { MrzFormat } from './layout.js';
import { MIN_LIKENESS, conclusive, doubtfulFailure, mrzLike } from './doubt.js';
import { detectedMrzLineSets } from './detected-lines.js';
import { plausible } from './plausible.js';
import { cropLine, mrzLineSets, splitLines, type TextLine } from './band-lines.js';
import type { BandReading } from './band-reading.js';
import { better, readLineCrops } from './read-line-set.js';

/**
 * A reading that stands is MRZ-like (doubt.ts), and nine characters in ten read with at least this
 * probability. On the specimen corpus exact reads keep their 10th percentile above 0.45 even in
 * photos, while text read from the wrong lines, upside down or through heavy blur sits below 0.03
 * and can still pass every check after a few corrections: such a reading must not outrank (or
 * stand in for) a clear one whose checks fail.
 */
const MIN_DECILE_PROBABILITY = 0.1;
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
  /** The reading the fields were taken from: its lines, per-character probabilities and corrections. */
  reading: CorrectedReading;
  /**
   * How far the page must turn clockwise to stand upright, as its MRZ read (the band, or the
   * detector's lines on the page turned upright: detected-lines.ts). An MRZ reads as one only the
   * right way up.
   */
  orientation?: Orientation;
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

/** The probability that nine characters in ten of the reading reach. */
function decileProbability(reading: BandReading): number {
  const all = reading.probs.flat().sort((a, b) => a - b);
  return all[Math.floor(all.length / 10)]!;
}

/**
 * A reading that can stand as the MRZ's: mostly MRZ characters, nearly all read with some certainty,
 * not talked into validity by many corrections, and with a document code and dates that a
 * document can hold (plausible.ts). Text read upside down or sideways can pass a
 * check digit or two by chance (or by correction among its many uncertain characters); it does
 * not pass this.
 */
function readable(reading: BandReading): boolean {
  return mrzLike(reading) && decileProbability(reading) >= MIN_DECILE_PROBABILITY
    && reading.corrections.filter((c) => c.by === 'check').length <= MAX_CORRECTIONS && plausible(reading);
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
 * The cuts of a band to read, in turn: the band cut upright; and while a line of the last cut runs
 * to its left or right side, a cut made wider. The wider cuts come after the first cut and its
 * 180° turn: they also take in more of the background beside the page, which misled the line
 * split of three photos (of 108, seed 4242) that the first cut read well.
 */
function* bandCuts(cv: OpenCv, view: GreyImage, band: Band): Generator<BandCrop> {
  let cut = withLines(cutBand(cv, view, band));
  yield cut;
  for (const pad of WIDER_PADS_X) {
    if (!touchesSide(cut)) return;
    cut = withLines(cutBand(cv, view, band, pad));
    yield cut;
  }
}

/** Whether a line of the crop runs to its left or right side. */
function touchesSide({ crop, lines }: BandCrop): boolean {
  return lines.some((line) => line.left <= 1 || line.right >= crop.width - 1);
}

/**
 * Reads the MRZ of a page with the given OpenCV.js instance. An MRZ-like reading (doubt.ts) says
 * which way up the text stands, so once a cut reads as one, its 180° turn is not read, nor is the
 * page turned a quarter (the band finder keeps only bands within 45° of level): upside down or
 * sideways, text reads far below that mark. On the 345 MRZ specimens of seeds 4242, 909 and 1010
 * this left every answer as it was and took the 95th percentile page (a check digit altered, read
 * in every way before it was given up) from about 0.68 s to 0.40 s.
 */
/** What a search of a page's bands has found so far. */
interface Search {
  best: BandReading | null;
  /** How the page was turned when `best` was read (MrzResult.orientation). */
  turn?: Orientation;
  /** Whether some band looked like an MRZ: then failing to read it is an MRZOCRError. */
  sawMrz: boolean;
  /** Whether some reading was MRZ-like: then the page is the right way round. */
  sawUpright: boolean;
}

/** Reads the bands that the band finder finds with `erosion` (opencv-mrz.ts), the page as it stands and then turned a quarter. */
async function searchBands(cv: OpenCv, page: GreyImage, erosion: number, search: Search): Promise<void> {
  for (const turned of [page, null]) {
    if (!turned && search.sawUpright) return;
    const view = turned ?? turnQuarter(page);
    for (const band of groupBands(findBands(cv, view, erosion))) {
      for (const cut of bandCuts(cv, view, band)) {
        let cutUpright = false;
        for (const turnedHalf of [false, true]) {
          if (turnedHalf && cutUpright) break;
          const { crop, lines } = turnedHalf ? withLines(turnHalf(cut.crop)) : cut;
          for (const set of mrzLineSets(lines).slice(0, SETS_PER_BAND)) {
            const reading = await readLineCrops(set.map((line) => cropLine(crop, line)));
            if (!reading || reading.likeness < MIN_LIKENESS) continue;
            search.sawMrz = true;
            if (mrzLike(reading)) cutUpright = search.sawUpright = true;
            if (!readable(reading)) continue;
            if (!search.best || better(reading, search.best)) {
              search.best = reading;
              search.turn = ((turned ? 0 : 90) + (turnedHalf ? 180 : 0)) as Orientation;
            }
            if (conclusive(search.best)) return;
          }
        }
      }
    }
  }
}

/**
 * Reads the MRZ of a page with the given OpenCV.js instance. An MRZ-like reading (doubt.ts) says
 * which way up the text stands, so once a cut reads as one, its 180° turn is not read, nor is the
 * page turned a quarter (the band finder keeps only bands within 45° of level): upside down or
 * sideways, text reads far below that mark. On the 345 MRZ specimens of seeds 4242, 909 and 1010
 * this left every answer as it was and took the 95th percentile page (a check digit altered, read
 * in every way before it was given up) from about 0.68 s to 0.40 s.
 */
export async function readMrzWith(cv: OpenCv, image: PreparedImage): Promise<MrzResult> {
  const page: GreyImage = { width: image.width, height: image.height, grey: image.grey };
  const search: Search = { best: null, sawMrz: false, sawUpright: false };
  await searchBands(cv, page, ERODE_ITERATIONS, search);
  // The second look, where the first found nothing that reads: bands cut from thicker neighbours.
  if (!search.best) await searchBands(cv, page, DEEP_ERODE_ITERATIONS, search);
  let best = search.best;
  let orientation = search.turn;
  if (!best || doubtfulFailure(best)) {
    // The band could not be read: the lines as the text detector boxes them, taken only when they
    // read conclusively with every check holding as read, no character changed to make one hold
    // (detected-lines.ts). Four such changes made a French 1988 card, no ICAO MRZ, pass as a TD2.
    const detected = await detectedMrzLineSets(image);
    for (const set of detected.sets) {
      const reading = await readLineCrops(set);
      if (reading && readable(reading) && conclusive(reading) && reading.corrections.every((c) => c.by !== 'check')) {
        best = reading;
        orientation = detected.orientation;
        break;
      }
    }
  }
  if (best && doubtfulFailure(best)) {
    throw new CodedError('MRZOCRError', 'The machine-readable zone could not be read with certainty.', `checks ${best.failed.join(', ')} fail over doubtful characters`);
  }
  if (!best) {
    throw search.sawMrz
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
    reading: { lines: best.lines, probs: best.probs, corrections: best.corrections, failed: best.failed, checks: best.checks },
    ...(orientation === undefined ? {} : { orientation }),
  };
}
