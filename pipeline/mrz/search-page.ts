/** The MRZ reader's search over bands, turns and the detector's lines, stopping at the first conclusive reading (docs/mrz.md). */
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
  /** Per line, per character, after correction. */
  probabilities: number[][];
  failedChecks: string[];
  corrections: Correction[];
  /** The reading the fields were taken from: its lines, per-character probabilities and corrections. */
  reading: CorrectedReading;
  orientation?: Orientation;
}

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

/** A reading that can stand: MRZ-like, mostly sure, not corrected into validity, plausible; upside-down text fails this. */
function readable(reading: BandReading): boolean {
  return mrzLike(reading) && decileProbability(reading) >= MRZ_TUNING.minDecileProbability
    && reading.corrections.filter((c) => c.by === 'check').length <= MRZ_TUNING.maxCorrections && plausible(reading);
}


interface BandCrop {
  crop: GreyImage;
  lines: TextLine[];
}

function withLines(crop: GreyImage): BandCrop {
  return { crop, lines: splitLines(crop) };
}

/** The band's cuts: upright, then wider while a line reaches the side (after the 180° turn: background misleads the split). */
function* bandCuts(cv: OpenCv, view: GreyImage, band: Band): Generator<BandCrop> {
  let cut = withLines(cutBand(cv, view, band));
  yield cut;
  for (const pad of MRZ_TUNING.widerPadsX) {
    if (!touchesSide(cut)) return;
    cut = withLines(cutBand(cv, view, band, pad));
    yield cut;
  }
}

function touchesSide({ crop, lines }: BandCrop): boolean {
  return lines.some((line) => line.left <= 1 || line.right >= crop.width - 1);
}

interface Search {
  best: BandReading | null;
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

/** Reads a page's MRZ; once a cut reads MRZ-like, its 180° and quarter turns are skipped: turned text reads far lower. */
export async function readMrzWith(cv: OpenCv, image: PreparedImage): Promise<MrzResult> {
  const page: GreyImage = { width: image.width, height: image.height, grey: image.grey };
  const search: Search = { best: null, sawMrz: false, sawUpright: false };
  await searchBands(cv, page, ERODE_ITERATIONS, search);
  // The second look, where the first found nothing that reads: bands cut from thicker neighbours.
  if (!search.best) await searchBands(cv, page, DEEP_ERODE_ITERATIONS, search);
  let best = search.best;
  let orientation = search.turn;
  if (!best || doubtfulFailure(best)) {
        // The detector's lines, only where conclusive with every check holding as read (a non-ICAO card corrects into TD2).
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
