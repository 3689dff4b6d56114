/**
 * Face embeddings: an aligned crop through one of the candidate models, L2-normalised so that
 * the comparison is a dot product. Which candidate the service uses is decided by measurement
 * (bench/faces.bench.ts, docs/faces.md), not by name: `EMBEDDER` in calibration.ts.
 *
 * Per model: its input size, pixel mapping (Human's, model-build/catalog.ts), the output that carries
 * the descriptor, and the framing of the aligned crop (`zoom`, see align.ts) that measured best.
 */
import { floatTensor } from '../backends/onnx.js';
import { alignFace } from './align.js';
import { DESCRIPTOR_MEAN, EMBEDDER } from './calibration.js';
import type { Face } from './detect.js';
import { faceSession, type FaceModelId } from './model-files.js';
import { toInput } from './sample.js';
import type { RgbImage } from '../image.js';

export interface EmbedderSpec {
  id: FaceModelId;
  size: number;
  pixels: { scale: number; offset: number };
  output: string;
  /** Template scale in the crop: 1 is InsightFace's tight 112 framing; smaller shows more head. */
  zoom: number;
}

/** The candidates, framed as measured best for each (bench/faces.bench.ts tries the others). */
export const EMBEDDERS = Object.freeze({
  mobilefacenet: { id: 'mobilefacenet', size: 112, pixels: { scale: 1 / 255, offset: 0 }, output: 'embeddings', zoom: 1 },
  faceres: { id: 'faceres', size: 224, pixels: { scale: 1, offset: 0 }, output: 'global_pooling/Mean', zoom: 0.9 },
  'faceres-deep': { id: 'faceres-deep', size: 224, pixels: { scale: 1, offset: 0 }, output: 'global_pooling/Mean', zoom: 0.9 },
  mobileface: { id: 'mobileface', size: 112, pixels: { scale: 1, offset: 0 }, output: 'batchnorm0/add_1', zoom: 1 },
} satisfies Record<string, EmbedderSpec>);

export type EmbedderName = keyof typeof EMBEDDERS;

/** Runs an embedding model on an already aligned RGB crop; returns the unit-length descriptor. */
export async function embedCrop(spec: EmbedderSpec, rgb: Uint8Array): Promise<Float32Array> {
  const session = await faceSession(spec.id);
  const input = floatTensor(toInput(rgb, spec.pixels), [1, spec.size, spec.size, 3]);
  const results = await session.run({ [session.inputNames[0]!]: input });
  const output = results[spec.output];
  if (!output) throw new Error(`${spec.id}: no output ${spec.output}`);
  return normalise(output.data as Float32Array);
}

/** The unit-length embedding of a detected face by the given model. */
export async function embedFace(image: RgbImage, face: Face, spec: EmbedderSpec): Promise<Float32Array> {
  return embedCrop(spec, alignFace(image, face, spec.size, spec.zoom).rgb);
}

/**
 * Removes the direction every face shares, then renormalises. The candidates' raw descriptors
 * (after ReLU and pooling, all components positive for faceres) sit in a narrow cone, so raw
 * cosines of strangers and of the same person crowd together; subtracting the mean descriptor of
 * an unrelated set of faces spreads them (docs/faces.md measures the gain).
 */
export function centre(embedding: Float32Array, mean: Float32Array): Float32Array {
  return normalise(embedding.map((x, i) => x - mean[i]!));
}

/** The service's descriptor of a face: the chosen embedder (calibration.ts), centred. */
export async function describeFace(image: RgbImage, face: Face): Promise<Float32Array> {
  return centre(await embedFace(image, face, EMBEDDERS[EMBEDDER]), DESCRIPTOR_MEAN);
}

function normalise(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  const k = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return v.map((x) => x * k);
}

/** Cosine similarity of two unit-length descriptors. */
export function cosine(p: Float32Array, q: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < p.length; i++) dot += p[i]! * q[i]!;
  return dot;
}
