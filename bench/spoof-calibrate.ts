/**
 * Re-measures anti-spoofing's constants and rewrites the SPOOF block of
 * pipeline/face/calibration.ts:
 *
 *   npx tsc -p tsconfig.json && node dist/bench/spoof-calibrate.js [live selfies per identity, default 6] [--from bench/results/faces-spoof-rows-latest.json]
 *
 * 1. box: on MiniFASNet's samples (../shared/models/minifasnet/samples, needed), the source
 *    detector's reference box relative to the box the stage's detector gives, averaged.
 * 2. threshold: with that box, the real-score under which 5 % of the tuning live selfies fall
 *    (BPCER 5 %); MiniFASNet's own 0–100 scale maps it to 50.
 * 3. fusion: the logistic model over MiniFASNet and the replay cues, fitted on the tuning set's
 *    live selfies and attacks (faces-attacks.ts), 50 at BPCER 5 % on its live selfies, with the
 *    cue families that err least on people held out of the tuning set (faces-spoof-fit.ts).
 *    The validation set is never read here.
 * `--from` takes the tuning rows a faces bench run saved (scored with the box it ran with)
 * instead of generating and scoring the set again; the box is then kept as it is.
 * Then rebuild and run `npm run bench -- faces` for APCER and BPCER on both sets.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeImage } from '../pipeline/backends/sharp.js';
import { detectFace } from '../pipeline/face/detect.js';
import { SPOOF } from '../pipeline/face/calibration.js';
import type { Cues } from '../pipeline/face/spoof-cues.js';
import type { FusionModel } from '../pipeline/face/spoof-fusion.js';
import { MINIFASNET_SAMPLES, SELFIES_PER_IDENTITY, sampleReference, scoreSpoofSet, spoofSet, thresholdAtBpcer, type SpoofRow } from './faces-attacks.js';
import { FUSION_BPCER, fitFusion, selectFeatures } from './faces-spoof-fit.js';

const TARGET = fileURLToPath(new URL('../../pipeline/face/calibration.ts', import.meta.url));
/** Where the SPOOF block starts in calibration.ts; everything from it on is this script's. */
export const SPOOF_MARKER = '/**\n * SPOOF, written by bench/spoof-calibrate.ts';

export interface SpoofCalibration {
  box: { width: number; height: number; dx: number; dy: number };
  threshold: number;
  fusion: FusionModel;
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
const precise = (x: number): string => Number(x.toPrecision(6)).toString();
const list = (values: readonly number[]): string => `[${values.map(precise).join(', ')}]`;

/** The SPOOF block of calibration.ts. */
export function renderSpoof({ box, threshold, fusion }: SpoofCalibration): string {
  return `${SPOOF_MARKER} (npx tsc -p tsconfig.json && node dist/bench/spoof-calibrate.js):
 * - box: MiniFASNet's samples' reference box (the source's RetinaFace) relative to the stage's
 *   BlazeFace box, averaged over the samples: width and height scale, centre shift in box sizes.
 * - threshold: the real-score under which 5 % of the tuning live selfies fall (BPCER 5 %),
 *   MiniFASNet's own 0–100 scale's 50 (spoof.ts).
 * - fusion: the logistic model over MiniFASNet and the replay cues (spoof-fusion.ts), fitted on
 *   the tuning attacks and live selfies, its bias set so that 50 is BPCER 5 % on those selfies.
 */
export const SPOOF = Object.freeze({
  box: Object.freeze({ width: ${fixed(box.width)}, height: ${fixed(box.height)}, dx: ${fixed(box.dx)}, dy: ${fixed(box.dy)} }),
  threshold: ${fixed(threshold)},
  fusion: Object.freeze({
    features: Object.freeze(${JSON.stringify(fusion.features).replace(/"/g, "'").replace(/,/g, ', ')} as const),
    centre: Object.freeze(${list(fusion.centre)}),
    scale: Object.freeze(${list(fusion.scale)}),
    weights: Object.freeze(${list(fusion.weights)}),
    bias: ${precise(fusion.bias)},
  }),
});
`;
}

/** calibration.ts with its SPOOF block replaced. */
export function withSpoof(source: string, block: string): string {
  const at = source.indexOf(SPOOF_MARKER);
  if (at < 0) throw new Error(`calibration.ts has no SPOOF block (${JSON.stringify(SPOOF_MARKER)})`);
  return source.slice(0, at) + block;
}

/** The tuning rows a faces bench run saved (SPOOF_ROWS_FILE in its results folder). */
function savedTuningRows(file: string): SpoofRow[] {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { rows?: SpoofRow[] };
  const rows = (saved.rows ?? []).filter((r) => r.role === 'tuning');
  if (rows.length === 0) throw new Error(`${file} holds no tuning rows: run the faces bench first`);
  return rows;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const from = args.indexOf('--from');
  const live = Number(args.find((a, i) => !a.startsWith('--') && (from < 0 || i !== from + 1)) ?? SELFIES_PER_IDENTITY.full.live);
  const size = { live, attacked: Math.min(live, SELFIES_PER_IDENTITY.full.attacked) };
  const box = from >= 0 ? { ...SPOOF.box } : await fitBox();
  console.log('box', box);
  const rows = from >= 0 ? savedTuningRows(args[from + 1]!) : await scoreSpoofSet(await spoofSet('tuning', size), box);
  const scored = rows.filter((r): r is SpoofRow & { real: number; cues: Cues } => r.real !== null && r.cues !== undefined);
  const liveReal = scored.filter((r) => r.live).map((r) => r.real);
  const threshold = thresholdAtBpcer(liveReal, FUSION_BPCER);
  const selection = selectFeatures(scored.map((r) => ({ ...r, identity: r.identity ?? r.key })));
  console.log('cue families, APCER + BPCER on held-out people:', selection.tried.map((t) => `${t.families} ${t.error.toFixed(3)}`).join(', '));
  const fusion = fitFusion(scored, selection.features);
  console.log(`${scored.length} tuning images scored (${liveReal.length} live; ${rows.length - scored.length} not), MiniFASNet threshold ${threshold}`);
  console.log('fusion', fusion);
  writeFileSync(TARGET, withSpoof(readFileSync(TARGET, 'utf8'), renderSpoof({ box, threshold, fusion })));
  console.log(`wrote ${TARGET}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
