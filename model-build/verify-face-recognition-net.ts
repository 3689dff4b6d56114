/**
 * Parity of the converted FaceRecognitionNet (convert/face-recognition-net.ts): the ONNX file run
 * by onnxruntime-node against face-api's own FaceRecognitionNet, its layers and weight loading as
 * face-api ships them, running on @tensorflow/tfjs (pure-JS CPU backend) in a process of its own
 * (face-api-descriptors.ts). It needs @tensorflow/tfjs, a devDependency: verify.ts imports this
 * file lazily, the service never.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as ort from 'onnxruntime-node';
import { SOURCE_PACKAGE, type CatalogEntry } from './catalog.js';
import { CHIP_SIZE, FACE_RECOGNITION_IO } from './convert/face-recognition-net.js';
import type { ModelParity, OutputParity } from './verify.js';

const DESCRIPTORS_SCRIPT = fileURLToPath(new URL('./face-api-descriptors.js', import.meta.url));

/** face-api's descriptors of `inputs`, computed in a plain node process (no loader of the caller's). */
async function faceApiDescriptors(manifestPath: string, inputs: readonly Float32Array[]): Promise<Float32Array[]> {
  const dir = await mkdtemp(join(tmpdir(), 'idv-face-api-'));
  try {
    const file = join(dir, 'inputs.f32');
    await writeFile(file, Buffer.concat(inputs.map((x) => Buffer.from(x.buffer, x.byteOffset, x.byteLength))));
    const { NODE_OPTIONS: _loaders, ...env } = process.env;
    const { stdout } = await promisify(execFile)(process.execPath, [DESCRIPTORS_SCRIPT, manifestPath, file, String(inputs.length)],
      { env, maxBuffer: 16 * 1024 * 1024 });
    return (JSON.parse(stdout) as number[][]).map((d) => Float32Array.from(d));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the converted model and face-api on the same 150×150 inputs (RGB 0..255, NHWC) and
 * reports the largest difference of the descriptor.
 */
export async function verifyFaceRecognitionNet(entry: CatalogEntry, onnxFile: string, inputs: Float32Array[]): Promise<ModelParity> {
  const pkgDir = dirname(createRequire(import.meta.url).resolve(`${entry.package ?? SOURCE_PACKAGE}/package.json`));
  const wanted = await faceApiDescriptors(join(pkgDir, entry.source), inputs);
  const session = await ort.InferenceSession.create(onnxFile, { intraOpNumThreads: 1, interOpNumThreads: 1 });
  const dims = [1, CHIP_SIZE, CHIP_SIZE, 3];
  const r: OutputParity = { name: FACE_RECOGNITION_IO.output, shape: [1, 128], maxAbsDiff: 0, maxScaledDiff: 0, maxAbs: 0 };
  try {
    for (const [i, data] of inputs.entries()) {
      const want = wanted[i]!;
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
    await session.release();
  }
}
