/** The one face that matters: whole image, then tiles and stretched contrast for small faint portraits; re-detected centred. */
import { DETECTOR_SIZE, detectInView, detectorSession, type Detection } from './blazeface.js';
import { levels, squareMap, warpAffine } from './sample.js';
import type { RgbImage } from '../image.js';

/** Below this score a detection is not a face (Human goes lower only because a mesh model confirms). */
export const MIN_SCORE = 0.6;

export type Face = Detection;

/** The face chosen in the image, or null when there is none. */
export async function detectFace(image: RgbImage): Promise<Face | null> {
  const session = await detectorSession();
  const run = async (left: number, top: number, side: number, stretch: boolean): Promise<Detection[]> => {
    const view = squareMap(left, top, side, DETECTOR_SIZE);
    const rgb = warpAffine(image, view, DETECTOR_SIZE, DETECTOR_SIZE);
    return detectInView(session, rgb, view, MIN_SCORE, stretch ? levels(rgb) : undefined);
  };
  let found: Detection[] = [];
  for (const stretch of [false, true]) {
    for (const [left, top, side] of views(image.width, image.height)) {
      found = found.concat(await run(left, top, side, stretch));
      // The whole-image view decides alone when it found something; tiles are searched together.
      if (found.length > 0 && side === Math.max(image.width, image.height)) break;
    }
    if (found.length > 0) break;
  }
  const chosen = choose(found, image.width, image.height);
  if (!chosen) return null;
  const side = 2.5 * Math.max(chosen.w, chosen.h);
  const refined = await run(chosen.cx - side / 2, chosen.cy - side / 2, side, false);
  const centred = refined.filter((d) => Math.hypot(d.cx - chosen.cx, d.cy - chosen.cy) < 0.5 * chosen.w);
  return centred.sort((p, q) => q.score - p.score)[0] ?? chosen;
}

function views(width: number, height: number): Array<[number, number, number]> {
  const long = Math.max(width, height);
  const out: Array<[number, number, number]> = [[(width - long) / 2, (height - long) / 2, long]];
  const side = Math.max(DETECTOR_SIZE / 2, Math.min(width, height, long / 2));
  const steps = (extent: number): number[] => {
    const n = Math.max(1, Math.ceil((extent - side) / (side / 2)) + 1);
    return Array.from({ length: n }, (_, i) => (n === 1 ? (extent - side) / 2 : (i * (extent - side)) / (n - 1)));
  };
  if (side < long) for (const top of steps(height)) for (const left of steps(width)) out.push([left, top, side]);
  return out;
}

/** The face to keep: the largest and most central confident one (a background face, a ghost portrait lose). */
function choose(found: Detection[], width: number, height: number): Detection | undefined {
  const merged = dedupe(found);
  const diagonal = Math.hypot(width, height);
  const rank = (d: Detection): number => d.w * d.h * d.score * (1 - Math.hypot(d.cx - width / 2, d.cy - height / 2) / diagonal);
  return merged.sort((p, q) => rank(q) - rank(p))[0];
}

/** Drops detections of a face already kept (tiles overlap). */
function dedupe(found: Detection[]): Detection[] {
  const kept: Detection[] = [];
  for (const d of [...found].sort((p, q) => q.score - p.score)) {
    if (!kept.some((k) => Math.hypot(k.cx - d.cx, k.cy - d.cy) < 0.5 * Math.max(k.w, d.w))) kept.push(d);
  }
  return kept;
}
