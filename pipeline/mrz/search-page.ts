/**
 * The MRZ reader: band candidates (opencv-mrz.ts, band-group.ts), each cut upright, split into
 * lines and read (read-line-set.ts); then the band turned 180°, the next band, the page turned 90°
 * (only while nothing read as an MRZ the way it stands); last, the text detector's lines on the
 * page turned upright (detected-lines.ts). The search stops at the first conclusive valid reading;
 * otherwise the best MRZ-like reading stands, and one whose failing checks rest on doubtful
 * characters is the photo's fault (MRZOCRError), not the document's (ItsFake).
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
import { conclusive, doubtfulFailure, mrzLike } from './doubt.js';
import { detectedMrzLineSets } from './detected-lines.js';
import { plausible } from './plausible.js';
import { cropLine, mrzLineSets, splitLines, type TextLine } from './band-lines.js';
import type { BandReading } from './band-reading.js';
import { better, readLineCrops } from './read-line-set.js';
import { MRZ_TUNING } from './tunables.js';


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
  /** How far the page must turn clockwise to stand upright, as its MRZ read. */
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
 * A reading that can stand as the MRZ's: MRZ-like, nearly all characters read with some certainty,
 * not talked into validity by many corrections, and plausible. Text upside down or sideways can
 * pass a check or two by chance; it does not pass this.
 */
function readable(reading: BandReading): boolean {
  return mrzLike(reading) && decileProbability(reading) >= MRZ_TUNING.minDecileProbability
    && reading.corrections.filter((c) => c.by === 'check').length <= MRZ_TUNING.maxCorrections && plausible(reading);
}


/** A crop of a band and its text lines. */
interface BandCrop {
  crop: GreyImage;
  lines: TextLine[];
}

function withLines(crop: GreyImage): BandCrop {
  return { crop, lines: splitLines(crop) };
}

/**
 * The cuts of a band to read: the band cut upright, then, while a line runs to the cut's side, a
 * wider cut. The wider cuts come after the first and its 180° turn, as they take in background
 * that can mislead the line split.
 */
function* bandCuts(cv: OpenCv, view: GreyImage, band: Band): Generator<BandCrop> {
  let cut = withLines(cutBand(cv, view, band));
  yield cut;
  for (const pad of MRZ_TUNING.widerPadsX) {
    if (!touchesSide(cut)) return;
    cut = withLines(cutBand(cv, view, band, pad));
    yield cut;
  }
}

/** Whether a line of the crop runs to its left or right side. */
function touchesSide({ crop, lines }: BandCrop): boolean {
  return lines.some((line) => line.left <= 1 || line.right >= crop.width - 1);
}

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
          for (const set of mrzLineSets(lines).slice(0, MRZ_TUNING.setsPerBand)) {
            const reading = await readLineCrops(set.map((line) => cropLine(crop, line)));
            if (!reading || reading.likeness < MRZ_TUNING.minLikeness) continue;
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
 * Reads the MRZ of a page with the given OpenCV.js instance. An MRZ-like reading says which way up
 * the text stands, so once a cut reads as one, neither its 180° turn nor the page's quarter turn
 * is read: upside down or sideways, text reads far below that mark.
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
        // The band could not be read: the detector's lines, taken only when they read conclusively
        // with every check holding as read (a non-ICAO card can be corrected into a valid TD2).
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
