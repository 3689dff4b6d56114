/**
 * Face: is the person of the selfie the person on the document, and is the selfie live?
 * Runs when the request asks for it (`verifyFace`) and carries a selfie. The portrait is on the
 * front for every document type (a passport's data page is its front).
 *
 *   front ─► detect ─► dlib chip ─► describe ─┐
 *                                             ├─► cosine ─► calibrated confidence
 *   face  ─► detect ─► dlib chip ─► describe ─┘
 *              └──────► MiniFASNet ×2 + replay cues ─► fused antiSpoofing
 *
 * Anti-spoofing runs here rather than as a stage of its own: it needs the selfie's detected face,
 * and the job has no place to hand a detection from one stage to the next.
 */
import { CodedError } from '../../common/errors.js';
import { encodeJpeg } from '../backends/sharp.js';
import { matchFaces, prepareFace, spoofOf, type PreparedFace } from '../face/compare.js';
import type { Job } from '../job.js';
import type { Stage } from './stage.js';

async function cropJpeg(face: PreparedFace): Promise<Buffer> {
  const { rgb, size } = face.crop;
  return encodeJpeg(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), size, size);
}

export const face: Stage = {
  name: 'face',
  applies: (job) => job.input.verifyFace && job.input.face !== null && job.input.face.byteLength > 0,
  images: () => ['front', 'face'],
  async run(job: Job): Promise<void> {
    const { front, face: selfie } = job.images;
    if (!front) throw new CodedError('FrontImageRequiredError');
    if (!selfie) throw new CodedError('FacePhotoNotDetectError');
    const documentFace = await prepareFace(front, 'FaceDocNotDetectError');
    const selfieFace = await prepareFace(selfie, 'FacePhotoNotDetectError');
    const { confidence, similarity } = matchFaces(documentFace, selfieFace);
    const antiSpoofing = await spoofOf(selfie, selfieFace.face);
    job.facePhotoFromDocument = await cropJpeg(documentFace);
    job.facePhoto = await cropJpeg(selfieFace);
    job.faceVerification = { confidence, antiSpoofing, similarity };
  },
};
