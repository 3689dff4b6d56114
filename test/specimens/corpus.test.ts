import { createHash } from 'node:crypto';
import t from 'tap';
import sharp from 'sharp';
import { DocumentType, VerdictStatus } from '../../common/document.js';
import { generateCorpus, generateSpecimen, type Specimen } from '../fixtures/specimens/corpus.js';

const fingerprint = (specimen: Specimen): string => createHash('sha256')
  .update(specimen.front).update(specimen.back ?? '').update(specimen.selfie).update(JSON.stringify(specimen.truth))
  .digest('hex');

async function collect(seed: number, size: number): Promise<Specimen[]> {
  const out: Specimen[] = [];
  for await (const specimen of generateCorpus({ seed, size, quick: true })) out.push(specimen);
  return out;
}

t.test('the corpus is deterministic: the same seed gives the same bytes and labels', async (t) => {
  const [first, second] = [await collect(42, 2), await collect(42, 2)];
  t.same(first.map(fingerprint), second.map(fingerprint));
  t.same(first.map((specimen) => specimen.truth.documentType), [DocumentType.ID, DocumentType.Passport], 'types in turn');
});

t.test('a specimen is the same alone as inside its corpus', async (t) => {
  const [, inCorpus] = await collect(42, 2);
  const kind = inCorpus?.truth.capture.front.kind;
  const alone = await generateSpecimen({ seed: 42, index: 1, ...(kind === 'low-res' || kind === undefined ? {} : { capture: kind }) });
  t.equal(fingerprint(alone), inCorpus === undefined ? '' : fingerprint(inCorpus));
});

t.test('a licence has a front, a PDF417 back and a selfie, all decodable images', async (t) => {
  const specimen = await generateSpecimen({ seed: 3, index: 0, documentType: DocumentType.ID, negative: null, capture: 'scan' });
  for (const image of [specimen.front, specimen.back, specimen.selfie]) {
    t.ok(image !== undefined && (await sharp(image).metadata()).width, 'decodes');
  }
  t.equal(specimen.truth.format, 'AAMVA');
  t.equal(specimen.truth.verdict, VerdictStatus.OK);
  t.match(specimen.truth.raw.aamva, /^@\n\x1e\rANSI \d{6}/);
  t.equal(specimen.truth.fields.dob, specimen.truth.machineReadable.dob);
});

t.test('negatives carry their labels', async (t) => {
  const tampered = await generateSpecimen({ seed: 3, index: 1, documentType: DocumentType.Passport, negative: 'tampered-dob', capture: 'scan' });
  t.equal(tampered.truth.verdict, VerdictStatus.ItsFake);
  t.not(tampered.truth.fields.dob, tampered.truth.machineReadable.dob, 'the front disagrees with the MRZ');
  t.equal(tampered.back, undefined, 'a passport has its MRZ on the data page');

  const expired = await generateSpecimen({ seed: 3, index: 2, documentType: DocumentType.GreenCard, negative: 'expired', capture: 'photo' });
  t.equal(expired.truth.verdict, VerdictStatus.Expired);
  t.ok((expired.truth.fields.expires as string) < '2024-01-01');

  const empty = await generateSpecimen({ seed: 3, index: 3, documentType: DocumentType.InternationalId, negative: 'no-document' });
  t.equal(empty.truth.verdict, null);
  t.same(empty.truth.fields, {});
  t.ok(empty.truth.expectedErrors?.includes('MrzIsNotPresentError'));

  await t.rejects(generateSpecimen({ seed: 3, index: 4, documentType: DocumentType.ID, negative: 'mrz-check-digit' }), /does not apply/);
});
