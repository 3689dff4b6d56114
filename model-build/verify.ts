/**
 * Numerical parity of a converted model: the ONNX file run by onnxruntime-node against the
 * source graph model run by TensorFlow.js (pure-JS CPU backend), on the same real face images.
 *
 * @tensorflow/tfjs is a devDependency: it is imported lazily, here only, and never by the service.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { readTfjsModel, type TfjsModel } from './convert/tfjs-model.js';
import { SOURCE_PACKAGE, type CatalogEntry } from './catalog.js';
import { graphOutputs } from './convert/convert.js';

/**
 * The largest difference the conversion may introduce in an output, relative to the output's
 * scale: max |Δ| ≤ TOLERANCE · max(1, max |y|). For outputs bounded by 1 (probabilities,
 * L2-normalised embeddings) this is an absolute 1e-4. Larger raw outputs cannot meet 1e-4 in
 * absolute terms in float32: blazeface's logits reach ±1000, where adjacent floats are 1.2e-4
 * apart, and its intermediate activations reach ±400, so summation order alone (TF.js and
 * onnxruntime accumulate convolutions differently) moves its outputs by ~1e-6 of their scale.
 */
export const TOLERANCE = 1e-4;

/** Per-output result over all images. */
export interface OutputParity {
  name: string;
  shape: number[];
  /** max |onnx − tfjs| over every element of every image. */
  maxAbsDiff: number;
  /** maxAbsDiff / max(1, maxAbs): the figure held to TOLERANCE. */
  maxScaledDiff: number;
  /** max |tfjs|, to put maxAbsDiff in scale. */
  maxAbs: number;
}

/** Whether an output stayed within TOLERANCE (NaN fails). */
export function withinTolerance(o: OutputParity): boolean {
  return o.maxScaledDiff <= TOLERANCE;
}

export interface ModelParity {
  id: string;
  images: number;
  outputs: OutputParity[];
}

/** Face photos to verify on, and a note when the shared data set was absent. */
export interface FaceImages {
  files: string[];
  note?: string;
}

/**
 * Real photos from ../shared/data/faces/face_recognition (relative to the repository root `root`),
 * or face-api's sample1.jpg when that folder is absent.
 */
export function faceImages(root: string, limit = 3): FaceImages {
  const dir = join(root, '..', 'shared', 'data', 'faces', 'face_recognition');
  if (existsSync(dir)) {
    const files = readdirSync(dir).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort().slice(0, limit);
    if (files.length > 0) return { files: files.map((f) => join(dir, f)) };
  }
  const sample = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample1.jpg');
  return { files: [sample], note: `${dir} is absent; verifying on ${sample} only` };
}

/** Decodes, centre-crops and resizes an image to h×w RGB, scaled as the model expects. */
export async function modelInput(file: string, entry: CatalogEntry, h: number, w: number): Promise<Float32Array> {
  const raw = await sharp(file).rotate().resize(w, h, { fit: 'cover' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  const out = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw[i]! * entry.pixels.scale + entry.pixels.offset;
  return out;
}

type Tf = typeof import('@tensorflow/tfjs');

/** Loads a graph model into TF.js from memory (no file:// handler exists without tfjs-node). */
export async function loadTfjs(tf: Tf, model: TfjsModel): Promise<import('@tensorflow/tfjs').GraphModel> {
  const weightSpecs = model.json.weightsManifest.flatMap((g) => g.weights);
  const joined = Buffer.concat(model.groupData);
  const weightData = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength);
  return tf.loadGraphModel(tf.io.fromMemory({
    modelTopology: model.json.modelTopology,
    weightSpecs: weightSpecs as import('@tensorflow/tfjs').io.WeightsManifestEntry[],
    weightData,
    format: 'graph-model',
    signature: model.json.signature,
  }));
}

/** Runs one converted model and its source on every image and reports the worst difference per output. */
export async function verifyModel(entry: CatalogEntry, onnxFile: string, images: string[]): Promise<ModelParity> {
  if (entry.format === 'face-recognition-net') {
    const { CHIP_SIZE } = await import('./convert/face-recognition-net.js');
    const inputs = await Promise.all(images.map((f) => modelInput(f, entry, CHIP_SIZE, CHIP_SIZE)));
    return (await import('./verify-face-recognition-net.js')).verifyFaceRecognitionNet(entry, onnxFile, inputs);
  }
  const tf = await import('@tensorflow/tfjs');
  await tf.setBackend('cpu');
  const pkgDir = dirname(createRequire(import.meta.url).resolve(`${SOURCE_PACKAGE}/package.json`));
  const source = await readTfjsModel(join(pkgDir, entry.source));
  const tfModel = await loadTfjs(tf, source);
  const session = await ort.InferenceSession.create(onnxFile, { intraOpNumThreads: 1, interOpNumThreads: 1 });
  try {
    const inputName = session.inputNames[0]!;
    const placeholder = source.json.modelTopology.node.find((n) => n.op === 'Placeholder' && n.name === inputName);
    if (!placeholder) throw new Error(`${entry.id}: ONNX input ${inputName} is not a Placeholder of the source`);
    const dims = (placeholder.attr?.shape?.shape?.dim ?? []).map((d) => Math.max(Number(d.size), 1));
    const tfOutputs = graphOutputs(source).map((r) => r.replace(/:0$/, ''));
    const results = new Map<string, OutputParity>();
    for (const file of images) {
      const data = await modelInput(file, entry, dims[1]!, dims[2]!);
      const expected = tf.tidy(() => {
        const outs = tfModel.execute({ [inputName]: tf.tensor(data, dims) }, tfOutputs);
        return (Array.isArray(outs) ? outs : [outs]).map((t) => ({ shape: t.shape, values: t.dataSync() as Float32Array }));
      });
      const actual = await session.run({ [inputName]: new ort.Tensor('float32', data, dims) });
      tfOutputs.forEach((name, i) => {
        const want = expected[i]!;
        const got = actual[name]?.data as Float32Array | undefined;
        if (!got || got.length !== want.values.length) {
          throw new Error(`${entry.id}: output ${name} has ${got?.length} values, TF.js gives ${want.values.length}`);
        }
        const r = results.get(name) ?? { name, shape: want.shape, maxAbsDiff: 0, maxScaledDiff: 0, maxAbs: 0 };
        for (let k = 0; k < got.length; k++) {
          r.maxAbsDiff = Math.max(r.maxAbsDiff, Math.abs(got[k]! - want.values[k]!));
          r.maxAbs = Math.max(r.maxAbs, Math.abs(want.values[k]!));
        }
        r.maxScaledDiff = r.maxAbsDiff / Math.max(1, r.maxAbs);
        results.set(name, r);
      });
    }
    return { id: entry.id, images: images.length, outputs: [...results.values()] };
  } finally {
    tfModel.dispose();
    await session.release();
  }
}

/** The repository root, from this file's place in dist/model-build/. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
