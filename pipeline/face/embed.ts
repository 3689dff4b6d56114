/** Face embeddings, L2-normalised; the serving one is measured (bench/faces.bench.ts) and named in calibration.ts. */
import { floatTensor } from '../backends/onnx.js';
import { alignFace, type Template } from './align.js';
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
  /** Template scale in the crop: 1 is the template's own framing; smaller shows more head. */
  zoom: number;
  template?: Template;
}

/** The candidates, each on the crop that measured best for it (docs/faces.md, "Embedding"). */
export const EMBEDDERS = Object.freeze({
    // Its graph subtracts the mean RGB and scales itself (model-build/convert/face-recognition-net.ts), so it takes bytes.
  'dlib-resnet': { id: 'dlib-resnet', size: 150, pixels: { scale: 1, offset: 0 }, output: 'descriptor', zoom: 1, template: 'dlib' },
} satisfies Record<string, EmbedderSpec>);

export type EmbedderName = keyof typeof EMBEDDERS;

export async function embedCrop(spec: EmbedderSpec, rgb: Uint8Array): Promise<Float32Array> {
  const session = await faceSession(spec.id);
  const input = floatTensor(toInput(rgb, spec.pixels), [1, spec.size, spec.size, 3]);
  const results = await session.run({ [session.inputNames[0]!]: input });
  const output = results[spec.output];
  if (!output) throw new Error(`${spec.id}: no output ${spec.output}`);
  return normalise(output.data as Float32Array);
}

export async function embedFace(image: RgbImage, face: Face, spec: EmbedderSpec): Promise<Float32Array> {
  return embedCrop(spec, alignFace(image, face, spec.size, spec.zoom, spec.template).rgb);
}

/** Removes the direction every face shares, then renormalises: strangers' cosines spread apart. */
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

export function cosine(p: Float32Array, q: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < p.length; i++) dot += p[i]! * q[i]!;
  return dot;
}
