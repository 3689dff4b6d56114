/**
 * Parity of the converted FaceRecognitionNet (convert/face-recognition-net.ts): the ONNX file run
 * by onnxruntime-node against face-api's own FaceRecognitionNet, its layers and weight loading as
 * face-api ships them, running on @tensorflow/tfjs (pure-JS CPU backend).
 *
 * face-api's Node builds import @tensorflow/tfjs-node, which is not installed; its unbundled ES
 * module imports @tensorflow/tfjs's ES build (which Node cannot load: extensionless imports) and
 * the WebGL and WASM backends. A module hook, scoped to imports made by face-api's files, points
 * the first at @tensorflow/tfjs's Node entry and makes the two backends empty modules, so face-api
 * runs on the same TF.js as the other parity checks. It needs @tensorflow/tfjs, a devDependency:
 * verify.ts imports it lazily, the service never.
 */
import { createRequire, register } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ort from 'onnxruntime-node';
import { SOURCE_PACKAGE, type CatalogEntry } from './catalog.js';
import { CHIP_SIZE, FACE_RECOGNITION_IO } from './convert/face-recognition-net.js';
import type { WeightsGroup } from './convert/tfjs-model.js';
import type { ModelParity, OutputParity } from './verify.js';

const HOOKS = `
export async function resolve(specifier, context, next) {
  if (context.parentURL && context.parentURL.includes('/@vladmandic/face-api/')) {
    if (specifier.startsWith('@tensorflow/tfjs-backend-')) return { url: 'data:text/javascript,export{}', shortCircuit: true };
    if (specifier === '@tensorflow/tfjs/dist/index.js') return next('@tensorflow/tfjs', context);
  }
  return next(specifier, context);
}`;

let hooked = false;

interface FaceApi {
  tf: typeof import('@tensorflow/tfjs');
  FaceRecognitionNet: new () => {
    loadFromWeightMap(map: import('@tensorflow/tfjs').NamedTensorMap): void;
    computeFaceDescriptor(input: import('@tensorflow/tfjs').Tensor4D): Promise<Float32Array>;
    dispose(): void;
  };
}

/** face-api's unbundled module on @tensorflow/tfjs. */
async function loadFaceApi(): Promise<FaceApi> {
  if (!hooked) {
    register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);
    hooked = true;
  }
  const pkgDir = dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json'));
  return (await import(pathToFileURL(join(pkgDir, 'dist', 'face-api.esm-nobundle.js')).href)) as FaceApi;
}

/**
 * Runs the converted model and face-api on the same 150×150 inputs (RGB 0..255, NHWC) and
 * reports the largest difference of the descriptor.
 */
export async function verifyFaceRecognitionNet(entry: CatalogEntry, onnxFile: string, inputs: Float32Array[]): Promise<ModelParity> {
  const faceapi = await loadFaceApi();
  const { tf } = faceapi;
  await tf.setBackend('cpu');
  const pkgDir = dirname(createRequire(import.meta.url).resolve(`${entry.package ?? SOURCE_PACKAGE}/package.json`));
  const manifestPath = join(pkgDir, entry.source);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as WeightsGroup[];
  const net = new faceapi.FaceRecognitionNet();
  for (const group of manifest) {
    const data = Buffer.concat(await Promise.all(group.paths.map((p) => readFile(join(dirname(manifestPath), p)))));
    const specs = group.weights as import('@tensorflow/tfjs').io.WeightsManifestEntry[];
    net.loadFromWeightMap(tf.io.decodeWeights(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength), specs));
  }
  const session = await ort.InferenceSession.create(onnxFile, { intraOpNumThreads: 1, interOpNumThreads: 1 });
  const dims = [1, CHIP_SIZE, CHIP_SIZE, 3];
  const r: OutputParity = { name: FACE_RECOGNITION_IO.output, shape: [1, 128], maxAbsDiff: 0, maxScaledDiff: 0, maxAbs: 0 };
  try {
    for (const data of inputs) {
      const x = tf.tensor4d(data, dims as [number, number, number, number]);
      const want = await net.computeFaceDescriptor(x);
      x.dispose();
      const got = (await session.run({ [FACE_RECOGNITION_IO.input]: new ort.Tensor('float32', data, dims) }))[FACE_RECOGNITION_IO.output]?.data as Float32Array | undefined;
      if (!got || got.length !== want.length) throw new Error(`${entry.id}: ${got?.length} values, face-api gives ${want.length}`);
      for (let k = 0; k < got.length; k++) {
        r.maxAbsDiff = Math.max(r.maxAbsDiff, Math.abs(got[k]! - want[k]!));
        r.maxAbs = Math.max(r.maxAbs, Math.abs(want[k]!));
      }
    }
    r.maxScaledDiff = r.maxAbsDiff / Math.max(1, r.maxAbs);
    return { id: entry.id, images: inputs.length, outputs: [r] };
  } finally {
    net.dispose();
    await session.release();
  }
}
