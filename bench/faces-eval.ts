/**
 * Shared steps of the face bench and the calibration script: decode and detect every image once,
 * embed with each candidate, centre on the reference faces' mean, score labelled pairs, and the
 * figures (TAR at FAR 1% / 0.1%, EER) per pair set.
 */
import { decodeImage } from '../pipeline/backends/sharp.js';
import { detectFace, type Face } from '../pipeline/face/detect.js';
import { centre, cosine, embedFace, type EmbedderSpec } from '../pipeline/face/embed.js';
import type { RgbImage } from '../pipeline/image.js';
import { equalErrorRate, tarAtFar, type ScoredPair } from './accuracy/metrics.js';
import type { LabelledImage, LabelledPair } from './faces-data.js';

export interface AnalysedImage {
  key: string;
  image: RgbImage;
  face: Face | null;
}

/** Decodes (as intake does) and detects every image. */
export async function analyse(images: readonly LabelledImage[]): Promise<Map<string, AnalysedImage>> {
  const out = new Map<string, AnalysedImage>();
  for (const { key, bytes } of images) {
    const image = await decodeImage(bytes, key);
    out.set(key, { key, image, face: await detectFace(image) });
  }
  return out;
}

/** Unit embeddings by one candidate, for the images where a face was found. */
export async function embedAll(analysed: Map<string, AnalysedImage>, spec: EmbedderSpec): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  for (const { key, image, face } of analysed.values()) {
    if (face) out.set(key, await embedFace(image, face, spec));
  }
  return out;
}

/** The mean of a set of embeddings. */
export function meanOf(embeddings: Iterable<Float32Array>): Float32Array {
  let sum: Float32Array | undefined;
  let n = 0;
  for (const e of embeddings) {
    sum ??= new Float32Array(e.length);
    for (let i = 0; i < e.length; i++) sum[i]! += e[i]!;
    n++;
  }
  if (!sum) throw new Error('no embeddings to average');
  return sum.map((x) => x / n);
}

/** The embeddings centred on `mean` (embed.ts `centre`). */
export function centreAll(embeddings: Map<string, Float32Array>, mean: Float32Array): Map<string, Float32Array> {
  return new Map([...embeddings].map(([key, e]) => [key, centre(e, mean)]));
}

/**
 * Cosine similarity per labelled pair. A pair with an image where no face was found scores −1:
 * the service would answer an error, which for a genuine pair is a false reject.
 */
export function scorePairs(pairs: readonly LabelledPair[], descriptors: Map<string, Float32Array>): ScoredPair[] {
  return pairs.map(({ a, b, genuine }) => {
    const p = descriptors.get(a);
    const q = descriptors.get(b);
    return { genuine, score: p && q ? cosine(p, q) : -1 };
  });
}

export interface PairFigures {
  genuine: number;
  impostor: number;
  tarAtFar1: number;
  tarAtFar01: number;
  thresholdFar1: number;
  thresholdFar01: number;
  eer: number;
  /** Lowest genuine and highest impostor similarity. */
  genuineMin: number;
  impostorMax: number;
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;

/** TAR at FAR 1% and 0.1%, EER and the extremes of a set of scored pairs. */
export function figures(scored: readonly ScoredPair[]): PairFigures {
  const far1 = tarAtFar(scored, 0.01);
  const far01 = tarAtFar(scored, 0.001);
  const genuine = scored.filter((p) => p.genuine).map((p) => p.score);
  const impostor = scored.filter((p) => !p.genuine).map((p) => p.score);
  return {
    genuine: genuine.length,
    impostor: impostor.length,
    tarAtFar1: round(far1.tar),
    tarAtFar01: round(far01.tar),
    thresholdFar1: round(far1.threshold),
    thresholdFar01: round(far01.threshold),
    eer: round(equalErrorRate(scored).eer),
    genuineMin: round(Math.min(...genuine)),
    impostorMax: round(Math.max(...impostor)),
  };
}

/** The q-quantile (0..1) of values. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}
