/**
 * The single-stage RPCs that internal services call directly, and one whole verification per
 * reader family, all through the real gRPC server, pool and models.
 */
import * as grpc from '@grpc/grpc-js';
import sharp from 'sharp';
import t from 'tap';
import { DocumentType } from '../../common/document.js';
import type { CompareFacesResponse__Output } from '../../proto/generated/idv/pipeline/v1/CompareFacesResponse.js';
import type { OcrImageResponse__Output } from '../../proto/generated/idv/pipeline/v1/OcrImageResponse.js';
import type { ReadMrzResponse__Output } from '../../proto/generated/idv/pipeline/v1/ReadMrzResponse.js';
import { SKIP_SHARED, sharedPhoto } from '../face/helper.js';
import { encodeMrz, type MrzFields } from '../fixtures/mrz-encode.js';
import { renderMrz } from '../fixtures/mrz-render.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { call, errorCode, startPipeline, verify } from './helper.js';

const HOLDER: MrzFields = {
  documentCode: 'P', issuingState: 'FRA', familyName: 'Dupont', givenNames: 'Jeanne Marie', documentNumber: '12AB34567',
  nationality: 'FRA', birthDate: '1990-01-15', sex: 'F', expiryDate: '2033-06-30',
};

t.test('ReadMrz reads the lines, the format and the fields of a passport page', async (t) => {
  const { client } = await startPipeline(t);
  const lines = encodeMrz(HOLDER, 'TD3');
  const image = await renderMrz(lines);
  const { error, response } = await call<ReadMrzResponse__Output>((done) => client.readMrz({ image }, done));
  t.equal(error, null);
  t.same(response?.lines, lines);
  t.equal(response?.format, 'TD3');
  t.equal(response?.machineReadable?.document.familyName, 'DUPONT');
  t.equal(response?.machineReadable?.document.id, '12AB34567');
  t.same(response?.timings.map((timing) => timing.stage), ['intake', 'mrz']);
});

t.test('OcrImage returns lines with boxes and confidences; no image is a ValidationError', async (t) => {
  const { client } = await startPipeline(t);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="200"><rect width="800" height="200" fill="#fff"/>'
    + '<text x="40" y="120" font-family="DejaVu Sans, sans-serif" font-size="56" fill="#000">HELLO WORLD 2026</text></svg>';
  const image = await sharp(Buffer.from(svg)).png().toBuffer();
  const { error, response } = await call<OcrImageResponse__Output>((done) => client.ocrImage({ image }, done));
  t.equal(error, null);
  t.equal(response?.lines.length, 1);
  t.equal(response?.lines[0]?.text.replace(/\s+/g, ' '), 'HELLO WORLD 2026');
  t.ok((response?.lines[0]?.confidence ?? 0) > 0.8);
  t.equal(response?.lines[0]?.box.length, 8);
  const missing = await call<OcrImageResponse__Output>((done) => client.ocrImage({}, done));
  t.equal(missing.error?.code, grpc.status.INVALID_ARGUMENT);
  t.equal(errorCode(missing.error), 'ValidationError');
});

t.test('CompareFaces scores the same person high and another person low', { skip: SKIP_SHARED }, async (t) => {
  const { client } = await startPipeline(t);
  const compare = (a: string, b: string) => call<CompareFacesResponse__Output>((done) =>
    client.compareFaces({ imageA: sharedPhoto(a), imageB: sharedPhoto(b) }, done));
  const same = await compare('face_recognition/obama.jpg', 'face_recognition/obama2.jpg');
  t.equal(same.error, null);
  t.ok((same.response?.confidence ?? 0) >= 70, `same person: ${same.response?.confidence}`);
  t.ok((same.response?.similarity ?? 0) > 0);
  t.ok((same.response?.antiSpoofingB ?? -1) >= 0);
  const other = await compare('face_recognition/obama.jpg', 'face_recognition/biden.jpg');
  t.equal(other.error, null);
  t.ok((other.response?.confidence ?? 100) < 50, `different people: ${other.response?.confidence}`);
  const blank = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#808080' } }).jpeg().toBuffer();
  const none = await call<CompareFacesResponse__Output>((done) => client.compareFaces({ imageA: sharedPhoto('face_recognition/obama.jpg'), imageB: blank }, done));
  t.equal(errorCode(none.error), 'FacePhotoNotDetectError');
});

t.test('a licence verification runs every reader: barcode, AAMVA, front OCR, face, verdict', async (t) => {
  const { client } = await startPipeline(t);
  const specimen = await generateSpecimen({ seed: 7, index: 0, documentType: DocumentType.ID, negative: null, capture: 'scan' });
  const { error, response } = await verify(client, {
    documentType: 1, frontImage: specimen.front, backImage: specimen.back, faceImage: specimen.selfie, verifyFace: true,
  });
  t.equal(error, null);
  t.same(response?.timings.map((timing) => timing.stage), ['intake', 'barcode', 'aamva', 'ocr', 'face', 'verdict']);
  t.equal(response?.machineReadable?.document.id, specimen.truth.machineReadable.id);
  t.equal(response?.visual?.document.familyName, specimen.truth.fields.familyName, 'the front was read');
  t.ok(response?.faceVerificationResult, 'the face was compared');
  t.ok((response?.facePhotoFromDocument.length ?? 0) > 0);
  t.equal(response?.documentVerificationResult?.status, specimen.truth.verdict);
});

t.test('a passport verification reads its MRZ and its visual zone', async (t) => {
  const { client } = await startPipeline(t);
  const specimen = await generateSpecimen({ seed: 7, index: 1, documentType: DocumentType.Passport, negative: null, capture: 'scan' });
  const { error, response } = await verify(client, { documentType: 2, frontImage: specimen.front });
  t.equal(error, null);
  t.same(response?.timings.map((timing) => timing.stage), ['intake', 'mrz', 'ocr', 'verdict']);
  t.equal(response?.machineReadable?.document.id, specimen.truth.machineReadable.id);
  t.equal(response?.machineReadable?.document.dob, specimen.truth.machineReadable.dob);
  t.equal(response?.documentVerificationResult?.status, specimen.truth.verdict);
});
