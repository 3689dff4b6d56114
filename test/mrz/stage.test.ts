import t from 'tap';
import { DocumentType, type DocumentTypeValue } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import { newJob, type Job } from '../../pipeline/job.js';
import { intakeFor } from '../../pipeline/stages/intake.js';
import { mrz } from '../../pipeline/stages/mrz.js';
import { encodeMrz, type MrzFields } from '../fixtures/mrz-encode.js';
import { renderMrz } from '../fixtures/mrz-render.js';

const HOLDER: MrzFields = {
  documentCode: 'I', issuingState: 'FRA', familyName: 'Dupont', givenNames: 'Jeanne', documentNumber: 'X4RTBPFW4',
  nationality: 'FRA', birthDate: '1990-01-15', sex: 'F', expiryDate: '2033-06-30',
};

async function run(documentType: DocumentTypeValue, front: Buffer | null, back: Buffer | null): Promise<Job> {
  const job = newJob({ documentType, front, back, face: null, trackString: null, verifyFace: false });
  const intake = intakeFor([mrz]);
  if (intake.applies(job)) await intake.run(job);
  await mrz.run(job);
  return job;
}

t.test('the stage applies to passports and ICAO cards, not to driving licences', async (t) => {
  const job = (documentType: DocumentTypeValue) => newJob({ documentType, front: null, back: null, face: null, trackString: null, verifyFace: false });
  t.same([DocumentType.Passport, DocumentType.PassportCard, DocumentType.GreenCard, DocumentType.InternationalId].map((d) => mrz.applies(job(d))), [true, true, true, true]);
  t.equal(mrz.applies(job(DocumentType.ID)), false);
  t.same(mrz.images?.(job(DocumentType.Passport)), ['front']);
});

t.test('a passport is read from its front into job.machineReadable', async (t) => {
  const page = await renderMrz(encodeMrz({ ...HOLDER, documentCode: 'P' }, 'TD3'));
  const job = await run(DocumentType.Passport, page, null);
  t.equal(job.machineReadable?.document.idType, 'P');
  t.equal(job.machineReadable?.document.country, 'France');
  t.ok((job.machineReadable?.confidence.id ?? 0) >= 95, 'a clean, check-digit-valid number is trusted');
});

t.test('a card whose back shows no MRZ is read from its front', async (t) => {
  const lines = encodeMrz(HOLDER, 'TD2');
  const job = await run(DocumentType.InternationalId, await renderMrz(lines), await renderMrz(lines, { withoutMrz: true }));
  t.equal(job.machineReadable?.document.id, 'X4RTBPFW4');
});

t.test('a card with no MRZ on either side gives MrzIsNotPresentError', async (t) => {
  const blank = await renderMrz(encodeMrz(HOLDER, 'TD1'), { withoutMrz: true });
  await t.rejects(run(DocumentType.PassportCard, blank, blank), new CodedError('MrzIsNotPresentError', 'No machine-readable zone was found on the image.'));
});
