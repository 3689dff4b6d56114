/**
 * face-api's own FaceRecognitionNet on @tensorflow/tfjs, run as a process of its own by
 * verify-face-recognition-net.ts: `node face-api-descriptors.js <weights manifest> <inputs file> <count>`,
 * the inputs 150×150×3 float32 chips one after the other; prints the descriptors as JSON.
 *
 * A process of its own because face-api's unbundled module needs a module hook (below), and the
 * loaders a test runner adds to its processes (a TypeScript loader) break the hook's resolution.
 *
 * face-api's Node builds import @tensorflow/tfjs-node, which is not installed; its unbundled ES
 * module imports @tensorflow/tfjs's ES build (which Node cannot load: extensionless imports) and
 * the WebGL and WASM backends. The hook, scoped to imports made by face-api's files, points the
 * first at @tensorflow/tfjs's Node entry and makes the two backends empty modules.
 */
import { createRequire, register } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const HOOKS = `
export async function resolve(specifier, context, next) {
  if (context.parentURL && context.parentURL.includes('/@vladmandic/face-api/')) {
    if (specifier.startsWith('@tensorflow/tfjs-backend-')) return { url: 'data:text/javascript,export{}', shortCircuit: true };
    if (specifier === '@tensorflow/tfjs/dist/index.js') return next('@tensorflow/tfjs', context);
  }
  return next(specifier, context);
}`;

/** The chip's side and channels, as the converted model's input. */
const CHIP_VALUES = 150 * 150 * 3;

interface FaceApi {
  tf: typeof import('@tensorflow/tfjs');
  FaceRecognitionNet: new () => {
    loadFromWeightMap(map: import('@tensorflow/tfjs').NamedTensorMap): void;
    computeFaceDescriptor(input: import('@tensorflow/tfjs').Tensor4D): Promise<Float32Array>;
    dispose(): void;
  };
}

const [manifestPath, inputsFile, count] = process.argv.slice(2);
register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);
const pkgDir = dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json'));
const faceapi = (await import(pathToFileURL(join(pkgDir, 'dist', 'face-api.esm-nobundle.js')).href)) as FaceApi;
const { tf } = faceapi;
await tf.setBackend('cpu');
const manifest = JSON.parse(await readFile(manifestPath!, 'utf8')) as Array<{ paths: string[]; weights: unknown }>;
const net = new faceapi.FaceRecognitionNet();
for (const group of manifest) {
  const data = Buffer.concat(await Promise.all(group.paths.map((p) => readFile(join(dirname(manifestPath!), p)))));
  const specs = group.weights as import('@tensorflow/tfjs').io.WeightsManifestEntry[];
  net.loadFromWeightMap(tf.io.decodeWeights(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength), specs));
}
const bytes = await readFile(inputsFile!);
const all = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
const out: number[][] = [];
for (let i = 0; i < Number(count); i++) {
  const x = tf.tensor4d(all.slice(i * CHIP_VALUES, (i + 1) * CHIP_VALUES), [1, 150, 150, 3]);
  out.push([...(await net.computeFaceDescriptor(x))]);
  x.dispose();
}
net.dispose();
process.stdout.write(JSON.stringify(out));
