/**
 * Every model and data file on a run-time path, read once by `idv pipeline` from the image's
 * files (layout.ts; image-layout.test.ts runs the front door on them): a passport whose front holds Ð and Đ (the struck D is told by its word's language, from
 * models/wordfreq/ and models/cldr/), verified with its holder's selfie (the face models and
 * models/minifasnet/), and an OcrImage call (the detector and recogniser alone). A file the
 * Dockerfile does not copy is missing from the layout, and its reader fails here.
 */
import * as grpc from '@grpc/grpc-js';
import t from 'tap';
import { DocumentType, VerdictStatus } from '../../common/document.js';
import { pipelineProto } from '../../pipeline/proto.js';
import type { OcrImageResponse__Output } from '../../proto/generated/idv/pipeline/v1/OcrImageResponse.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { SANS, renderSvg, text } from '../fixtures/specimens/svg.js';
import { call, verify } from '../pipeline/helper.js';
import { prepareLayout, snapshot, startPipeline } from './layout.js';

t.test('a front with Ð and Đ, a face and an OcrImage call run on the image\'s files alone', async (t) => {
  const layout = await prepareLayout(t);
  const before = snapshot(layout.app);
  const pipeline = await startPipeline(t, layout);
  const client = new (pipelineProto().idv.pipeline.v1.Pipeline)(`127.0.0.1:${pipeline.port}`, grpc.credentials.createInsecure());
  t.teardown(() => client.close());

  // A seed whose selfie is the holder's; the names are none of the corpus's lists.
  const passport = await generateSpecimen({
    seed: 11, index: 2, documentType: DocumentType.Passport, negative: null, capture: 'scan', names: { familyName: 'Đoković', firstName: 'Guðrún' },
  });
  const { error, response } = await verify(client, { documentType: 2, frontImage: passport.front, faceImage: passport.selfie, verifyFace: true });
  t.equal(error, null, `the passport is verified${error ? ` (${error.message})` : ''}`);
  t.equal(response?.visual?.document.familyName, 'ĐOKOVIĆ', 'the family name\'s struck D read as Croatian writes it');
  t.equal(response?.visual?.document.firstName, 'GUÐRÚN', 'the given name\'s as Icelandic writes it');
  t.equal(response?.documentVerificationResult?.status, VerdictStatus.OK, 'the verdict is OK');
  t.ok((response?.faceVerificationResult?.confidence ?? 0) >= 70, `the selfie matches the portrait (${response?.faceVerificationResult?.confidence})`);

  const page = await renderSvg('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="200"><rect width="800" height="200" fill="#fff"/>'
    + `${text(40, 120, 'HELLO WORLD 2026', { size: 56, family: SANS })}</svg>`);
  const ocr = await call<OcrImageResponse__Output>((done) => client.ocrImage({ image: page }, done));
  t.equal(ocr.error, null, 'OcrImage answers');
  t.same(ocr.response?.lines.map((line) => line.text.replace(/\s+/g, ' ')), ['HELLO WORLD 2026'], 'and reads the page');

  const after = snapshot(layout.app);
  t.same([...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)), [], 'and nothing under /app was written');
});
