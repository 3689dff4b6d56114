/**
 * Re-measures the face stage's constants and rewrites pipeline/face/calibration.ts:
 *
 *   npx tsc -p tsconfig.json && node dist/bench/faces-calibrate.js [corpus size, default 60]
 *
 * 1. Every candidate embedder is scored on the face bench's pooled pairs (faces-data.ts); the one
 *    with the best TAR at FAR 0.1% is chosen, with its reference-face mean for centring.
 * 2. Its similarity thresholds at FAR 1% and 0.1%, and the median different-person similarity,
 *    become the anchors of the 0–100 confidence (compare.ts).
 * 3. The anti-spoofing combination: the weight of the two models' logits and the threshold with
 *    the lowest equal error rate between live selfies and their screen/print replays.
 * Then rebuild and run `npm run bench -- faces` to see the calibrated figures.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spoofScores, type SpoofScores } from '../pipeline/face/spoof.js';
import { equalErrorRate } from './accuracy/metrics.js';
import { bestCandidate, measureCandidates, type CandidateResult } from './faces-candidates.js';
import { FACE_SEED, faceBenchData, type FaceBenchData } from './faces-data.js';
import { analyse, quantile, type AnalysedImage } from './faces-eval.js';

const TARGET = fileURLToPath(new URL('../../pipeline/face/calibration.ts', import.meta.url));
const logit = (p: number): number => Math.log(Math.max(1e-6, p) / Math.max(1e-6, 1 - p));

/** Raw spoof scores of the live and the replayed images where a face was found. */
export async function spoofSamples(data: FaceBenchData, analysed: Map<string, AnalysedImage>): Promise<{ live: SpoofScores[]; replay: SpoofScores[] }> {
  const scores = async (keys: readonly string[]): Promise<SpoofScores[]> => {
    const out: SpoofScores[] = [];
    for (const key of keys) {
      const a = analysed.get(key);
      if (a?.face) out.push(await spoofScores(a.image, a.face));
    }
    return out;
  };
  return { live: await scores(data.live), replay: await scores(data.replays) };
}

/** The logit weighting and threshold with the lowest EER, and a spread that puts the median live image at 90. */
export function fitSpoof(live: readonly SpoofScores[], replay: readonly SpoofScores[]): { weightReal: number; weightLive: number; threshold: number; spread: number; eer: number } {
  let best = { weightReal: 0.5, weightLive: 0.5, threshold: 0, spread: 1, eer: Infinity };
  for (let step = 0; step <= 10; step++) {
    const w = step / 10;
    const z = (s: SpoofScores): number => w * logit(s.real) + (1 - w) * logit(s.live);
    const pairs = [...live.map((s) => ({ score: z(s), genuine: true })), ...replay.map((s) => ({ score: z(s), genuine: false }))];
    const { eer, threshold } = equalErrorRate(pairs);
    if (eer < best.eer) {
      const spread = Math.max(0.1, (quantile(live.map(z), 0.5) - threshold) / Math.log(9));
      best = { weightReal: w, weightLive: 1 - w, threshold, spread, eer };
    }
  }
  return best;
}

const fixed = (x: number): string => Number(x.toFixed(4)).toString();

function render(chosen: CandidateResult, similarity: { stranger: number; far1: number; far01: number }, spoof: ReturnType<typeof fitSpoof>, corpusSize: number): string {
  const pooled = chosen.centred.pooled!;
  const mean = Buffer.from(chosen.mean.buffer, chosen.mean.byteOffset, chosen.mean.byteLength).toString('base64');
  return `/**
 * The face stage's measured constants. Written by bench/faces-calibrate.ts; re-measure with
 *
 *   npx tsc -p tsconfig.json && node dist/bench/faces-calibrate.js ${corpusSize}
 *
 * Measured on: the pooled pairs of the face bench (bench/faces-data.ts): every pair of the
 * ../shared/data/faces/face_recognition photos and the face-api demo faces, plus each document of
 * the specimen corpus (seed ${FACE_SEED}, ${corpusSize} specimens) against every live selfie:
 * ${pooled.genuine} same-person and ${pooled.impostor} different-person pairs, so the FAR-0.1% threshold
 * leaves ${Math.floor(0.001 * pooled.impostor)} different-person pairs above it; the pairs come from few
 * people, so it is an optimistic estimate (docs/faces.md).
 *
 * - EMBEDDER: the candidate with the best TAR at FAR 0.1% there (${fixed(pooled.tarAtFar01)}; EER ${fixed(pooled.eer)}).
 * - DESCRIPTOR_MEAN: its mean unit embedding over the ~100 unlabelled face thumbnails of
 *   @vladmandic/human's assets/screenshot-facematch.jpg (float32, base64), subtracted before the cosine.
 * - SIMILARITY: far1 and far01 are the thresholds at FAR 1% and 0.1% (confidence 50 and 70);
 *   stranger is the median different-person similarity (confidence 0).
 * - SPOOF: logit weights of antispoof's "real" and liveness's "live", the threshold at the lowest
 *   equal error rate (${fixed(spoof.eer)}) between live selfies and their screen/print replays
 *   (antiSpoofing 50), and the spread that puts the median live selfie at 90.
 */
export const EMBEDDER = '${chosen.name}' as const;

export const DESCRIPTOR_MEAN = new Float32Array(Uint8Array.from(Buffer.from(
  '${mean}',
  'base64',
)).buffer);

export const SIMILARITY = Object.freeze({ stranger: ${fixed(similarity.stranger)}, far1: ${fixed(similarity.far1)}, far01: ${fixed(similarity.far01)} });

export const SPOOF = Object.freeze({ weightReal: ${fixed(spoof.weightReal)}, weightLive: ${fixed(spoof.weightLive)}, threshold: ${fixed(spoof.threshold)}, spread: ${fixed(spoof.spread)} });
`;
}

async function main(): Promise<void> {
  const corpusSize = Number(process.argv[2] ?? 60);
  const data = await faceBenchData(corpusSize);
  const analysed = await analyse([...data.images, ...data.reference]);
  const candidates = await measureCandidates(data, analysed);
  for (const c of candidates) console.log(c.name, JSON.stringify(c.centred.pooled));
  const chosen = bestCandidate(candidates);
  const pooled = chosen.centred.pooled!;
  const stranger = quantile(chosen.pooled.filter((p) => !p.genuine).map((p) => p.score), 0.5);
  const similarity = { stranger, far1: pooled.thresholdFar1, far01: pooled.thresholdFar01 };
  const samples = await spoofSamples(data, analysed);
  const spoof = fitSpoof(samples.live, samples.replay);
  console.log('chosen', chosen.name, similarity, spoof, `${samples.live.length} live, ${samples.replay.length} replays`);
  writeFileSync(TARGET, render(chosen, similarity, spoof, corpusSize));
  console.log(`wrote ${TARGET}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
