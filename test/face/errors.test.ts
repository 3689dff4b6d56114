/**
 * The face stage's errors: no face on the document, no face on the selfie; and its output on a
 * genuine specimen (both aligned crops, a confidence and an anti-spoofing score).
 */
import sharp from 'sharp';
import t from 'tap';
import { CodedError } from '../../common/errors.js';
import { newJob, type Job } from '../../pipeline/job.js';
import { face } from '../../pipeline/stages/face.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { preparedImage } from '../fixtures/prepared-image.js';
import { ensureFaceModels } from './helper.js';

await ensureFaceModels();

/** A card with printed text and a grey box where the portrait would be: no face anywhere. */
async function facelessCard(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1012" height="638">
    <rect width="100%" height="100%" fill="#e8eef4"/><rect x="40" y="120" width="260" height="330" fill="#9aa4ad"/>
    <text x="340" y="160" font-size="40" font-family="sans-serif">DRIVER LICENSE</text>
    <text x="340" y="240" font-size="30" font-family="sans-serif">DOE, JANE</text>
    <text x="340" y="300" font-size="30" font-family="sans-serif">DOB 01/02/1990</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** A selfie-sized image of a textured wall: no face. */
async function facelessSelfie(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600">
    <defs><pattern id="b" width="60" height="30" patternUnits="userSpaceOnUse"><rect width="58" height="28" fill="#a0522d"/></pattern></defs>
    <rect width="100%" height="100%" fill="#ddd"/><rect width="100%" height="100%" fill="url(#b)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

async function jobOf(front: Buffer, selfie: Buffer): Promise<Job> {
  const job = newJob({ documentType: 1, front, back: null, face: selfie, trackString: null, verifyFace: true });
  job.images.front = await preparedImage(front);
  job.images.face = await preparedImage(selfie);
  return job;
}

const specimen = await generateSpecimen({ seed: 3, index: 0, negative: null, capture: 'scan' });

t.test('the stage applies only with verifyFace and a selfie, reading the front and the selfie', async (t) => {
  const job = newJob({ documentType: 2, front: specimen.front, back: null, face: specimen.selfie, trackString: null, verifyFace: true });
  t.ok(face.applies(job));
  t.same(face.images?.(job), ['front', 'face']);
  t.notOk(face.applies({ ...job, input: { ...job.input, verifyFace: false } }));
  t.notOk(face.applies({ ...job, input: { ...job.input, face: null } }));
});

t.test('a document without a face is FaceDocNotDetectError', async (t) => {
  const job = await jobOf(await facelessCard(), specimen.selfie);
  await t.rejects(face.run(job), new CodedError('FaceDocNotDetectError'));
  t.equal(job.faceVerification, undefined);
});

t.test('a selfie without a face is FacePhotoNotDetectError', async (t) => {
  const job = await jobOf(specimen.front, await facelessSelfie());
  await t.rejects(face.run(job), new CodedError('FacePhotoNotDetectError'));
});

t.test('a specimen document and its selfie give both crops, a confidence and an anti-spoofing score', async (t) => {
  const job = await jobOf(specimen.front, specimen.selfie);
  await face.run(job);
  for (const crop of [job.facePhotoFromDocument, job.facePhoto]) {
    const meta = await sharp(crop!).metadata();
    t.same([meta.format, meta.width, meta.height], ['jpeg', 224, 224]);
  }
  const { confidence, antiSpoofing } = job.faceVerification!;
  t.ok(confidence >= 0 && confidence <= 100 && antiSpoofing >= 0 && antiSpoofing <= 100);
  t.equal(confidence > 70, specimen.truth.selfie.genuine, `confidence ${confidence} on the right side of 70 (${specimen.truth.selfie.genuine ? 'same person' : 'different people'})`);
});
