/**
 * A Piscina task for onnx-pool.test.ts: detect, describe and score the anti-spoofing of the face
 * in an encoded image, i.e. four face models' sessions (detector, embedder, the two MiniFASNets)
 * at once in this worker thread.
 */
import { threadId } from 'node:worker_threads';
import { decodeImage } from '../../pipeline/backends/sharp.js';
import { detectFace } from '../../pipeline/face/detect.js';
import { describeFace } from '../../pipeline/face/embed.js';
import { realScore } from '../../pipeline/face/spoof.js';

export default async function faceTask(bytes: Uint8Array): Promise<{ threadId: number; found: boolean; length: number; real: number }> {
  const image = await decodeImage(bytes, 'image');
  const face = await detectFace(image);
  if (!face) return { threadId, found: false, length: 0, real: 0 };
  const [descriptor, real] = await Promise.all([describeFace(image, face), realScore(image, face)]);
  return { threadId, found: true, length: descriptor.length, real };
}
