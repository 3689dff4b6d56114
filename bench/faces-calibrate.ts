/**
 * Re-measures the face stage's constants and rewrites pipeline/face/calibration.ts:
 *
 *   npx tsc -p tsconfig.json && node dist/bench/faces-calibrate.js [corpus size, default 60]
 *
 * 1. Every candidate embedder is scored on the face bench's pooled pairs (faces-data.ts); the one
 *    with the best TAR at FAR 0.1% is chosen, with its reference-face mean for centring.
 * 2. Its similarity thresholds at FAR 1% and 0.1%, and the median different-person similarity,
 *    become the anchors of the 0–100 confidence (compare.ts).
 * Anti-spoofing's constants (the SPOOF block) are bench/spoof-calibrate.ts's and kept as they are.
 * Then rebuild and run `npm run bench -- faces` to see the calibrated figures.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bestCandidate, measureCandidates, type CandidateResult } from './faces-candidates.js';
import { FACE_SEED, faceBenchData } from './faces-data.js';
import { analyse, quantile } from './faces-eval.js';
import { SPOOF_MARKER } from './spoof-calibrate.js';

const TARGET = fileURLToPath(new URL('../../pipeline/face/calibration.ts', import.meta.url));
const fixed = (x: number): string => Number(x.toFixed(4)).toString();

function render(chosen: CandidateResult, similarity: { stranger: number; far1: number; far01: number }, spoofBlock: string, corpusSize: number): string {
  const mean = Buffer.from(chosen.mean.buffer, chosen.mean.byteOffset, chosen.mean.byteLength).toString('base64');
  return `/**
 * The face stage's measured constants. Written by bench/faces-calibrate.ts; re-measure with
 *
 *   npx tsc -p tsconfig.json && node dist/bench/faces-calibrate.js ${corpusSize}
 *
 * Measured on the face bench's pooled pairs (bench/faces-data.ts: the ../shared/data/faces photos,
 * the face-api demo faces and the specimen corpus's documents against its live selfies; few people,
 * so an optimistic estimate). Their figures: \`npm run bench -- faces\` (docs/figures.md).
 *
 * - EMBEDDER: the candidate with the best TAR at FAR 0.1% there.
 * - DESCRIPTOR_MEAN: its mean unit embedding over the ~100 unlabelled face thumbnails of
 *   @vladmandic/human's assets/screenshot-facematch.jpg (float32, base64), subtracted before the cosine.
 * - SIMILARITY: far1 and far01 are the thresholds at FAR 1% and 0.1% (confidence 50 and 70);
 *   stranger is the median different-person similarity (confidence 0).
 * SPOOF (anti-spoofing) has its own script and comment, below.
 */
export const EMBEDDER = '${chosen.name}' as const;

export const DESCRIPTOR_MEAN = new Float32Array(Uint8Array.from(Buffer.from(
  '${mean}',
  'base64',
)).buffer);

export const SIMILARITY = Object.freeze({ stranger: ${fixed(similarity.stranger)}, far1: ${fixed(similarity.far1)}, far01: ${fixed(similarity.far01)} });

${spoofBlock}`;
}

async function main(): Promise<void> {
  const corpusSize = Number(process.argv[2] ?? 60);
  const data = await faceBenchData(corpusSize, FACE_SEED);
  const analysed = await analyse([...data.images, ...data.reference]);
  const candidates = await measureCandidates(data, analysed);
  for (const c of candidates) console.log(c.name, JSON.stringify(c.centred.pooled));
  const chosen = bestCandidate(candidates);
  const pooled = chosen.centred.pooled!;
  const stranger = quantile(chosen.pooled.filter((p) => !p.genuine).map((p) => p.score), 0.5);
  const similarity = { stranger, far1: pooled.thresholdFar1, far01: pooled.thresholdFar01 };
  console.log('chosen', chosen.name, similarity);
  const current = readFileSync(TARGET, 'utf8');
  writeFileSync(TARGET, render(chosen, similarity, current.slice(current.indexOf(SPOOF_MARKER)), corpusSize));
  console.log(`wrote ${TARGET}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
