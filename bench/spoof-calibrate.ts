/**
 * Re-measures anti-spoofing's constants and rewrites the SPOOF block of
 * pipeline/face/calibration.ts:
 *
 *   npx tsc -p tsconfig.json && node dist/bench/spoof-calibrate.js [corpus size, default 60]
 *
 * 1. box: on MiniFASNet's samples (../shared/models/minifasnet/samples, needed), the source
 *    detector's reference box relative to the box the stage's detector gives, averaged.
 * 2. threshold: with that box, the real-score under which 5 % of the face bench's live selfies
 *    fall (BPCER 5 %); antiSpoofing maps it to 50.
 * Then rebuild and run `npm run bench -- faces` for APCER and BPCER on the attack set.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeImage } from '../pipeline/backends/sharp.js';
import { detectFace } from '../pipeline/face/detect.js';
import { MINIFASNET_SAMPLES, liveSelfies, sampleReference, scoreSpoofSet, thresholdAtBpcer } from './faces-attacks.js';
import { FACE_SEED, faceBenchData } from './faces-data.js';

const TARGET = fileURLToPath(new URL('../../pipeline/face/calibration.ts', import.meta.url));
/** Where the SPOOF block starts in calibration.ts; everything from it on is this script's. */
export const SPOOF_MARKER = '/**\n * SPOOF, written by bench/spoof-calibrate.ts';
/** The BPCER on live selfies at which antiSpoofing is 50. */
const BPCER = 0.05;

export interface SpoofCalibration {
  box: { width: number; height: number; dx: number; dy: number };
  threshold: number;
}

/** The reference box relative to the detector's, averaged over the samples. */
export async function fitBox(): Promise<SpoofCalibration['box'] & { samples: number }> {
  const reference = sampleReference();
  if (!reference) throw new Error(`${MINIFASNET_SAMPLES} is absent: the box is fitted on MiniFASNet's samples`);
  const fits: Array<SpoofCalibration['box']> = [];
  for (const [file, { bbox_xywh: [x, y, w, h] }] of Object.entries(reference)) {
    const image = await decodeImage(readFileSync(join(MINIFASNET_SAMPLES, file)), file);
    const face = await detectFace(image);
    if (!face) throw new Error(`no face found on ${file}`);
    fits.push({ width: w / face.w, height: h / face.h, dx: (x + w / 2 - face.cx) / face.w, dy: (y + h / 2 - face.cy) / face.h });
  }
  const mean = (k: keyof SpoofCalibration['box']): number => fits.reduce((s, f) => s + f[k], 0) / fits.length;
  return { width: mean('width'), height: mean('height'), dx: mean('dx'), dy: mean('dy'), samples: fits.length };
}

const fixed = (x: number): string => Number(x.toFixed(4)).toString();

/** The SPOOF block of calibration.ts. */
export function renderSpoof({ box, threshold }: SpoofCalibration): string {
  return `${SPOOF_MARKER} (npx tsc -p tsconfig.json && node dist/bench/spoof-calibrate.js):
 * - box: MiniFASNet's samples' reference box (the source's RetinaFace) relative to the stage's
 *   BlazeFace box, averaged over the samples: width and height scale, centre shift in box sizes.
 * - threshold: the real-score under which 5 % of the face bench's live selfies fall (BPCER 5 %),
 *   antiSpoofing 50 (spoof.ts).
 */
export const SPOOF = Object.freeze({ box: Object.freeze({ width: ${fixed(box.width)}, height: ${fixed(box.height)}, dx: ${fixed(box.dx)}, dy: ${fixed(box.dy)} }), threshold: ${fixed(threshold)} });
`;
}

/** calibration.ts with its SPOOF block replaced. */
export function withSpoof(source: string, block: string): string {
  const at = source.indexOf(SPOOF_MARKER);
  if (at < 0) throw new Error(`calibration.ts has no SPOOF block (${JSON.stringify(SPOOF_MARKER)})`);
  return source.slice(0, at) + block;
}

async function main(): Promise<void> {
  const corpusSize = Number(process.argv[2] ?? 60);
  const box = await fitBox();
  console.log('box', box);
  const rows = await scoreSpoofSet(liveSelfies(await faceBenchData(corpusSize, FACE_SEED)), box);
  const live = rows.flatMap((r) => (r.real === null ? [] : [r.real]));
  const threshold = thresholdAtBpcer(live, BPCER);
  console.log(`${live.length} live selfies scored (${rows.length - live.length} not), threshold ${threshold}`);
  writeFileSync(TARGET, withSpoof(readFileSync(TARGET, 'utf8'), renderSpoof({ box, threshold })));
  console.log(`wrote ${TARGET}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
