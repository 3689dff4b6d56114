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

/** The stage with the client's MRZ text as trackString. */
async function runWithText(documentType: DocumentTypeValue, front: Buffer | null, back: Buffer | null, trackString: string): Promise<Job> {
  const job = newJob({ documentType, front, back, face: null, trackString, verifyFace: false });
  const intake = intakeFor([mrz]);
  if (intake.applies(job)) await intake.run(job);
  await mrz.run(job);
  return job;
}

t.test('a passport with its MRZ text as trackString: the image\'s MRZ is read and the two match', async (t) => {
  const lines = encodeMrz({ ...HOLDER, documentCode: 'P' }, 'TD3');
  const job = await runWithText(DocumentType.Passport, await renderMrz(lines), null, lines.join('\n'));
  t.equal(job.mrz?.side, 'front', 'the machine-readable part is the image\'s reading');
  t.equal(job.machineReadable?.document.id, 'X4RTBPFW4');
  t.same(job.mrzTextMatch, { name: 'mrzTextMatch', result: 'passed', reason: 'The MRZ text sent as trackString is the MRZ the image shows.' });
});

t.test('MRZ text that is not what the image shows fails mrzTextMatch, even with its check digits holding', async (t) => {
  const lines = encodeMrz({ ...HOLDER, documentCode: 'P' }, 'TD3');
  const forged = encodeMrz({ ...HOLDER, documentCode: 'P', expiryDate: '2038-06-30' }, 'TD3');
  const job = await runWithText(DocumentType.Passport, await renderMrz(lines), null, forged.join(''));
  t.equal(job.mrzTextMatch?.result, 'failed');
  t.match(job.mrzTextMatch?.reason, /^The MRZ text sent as trackString differs from the image's MRZ at line 2 /);
  t.equal(job.machineReadable?.document.expires, '2033-06-30', 'the image\'s MRZ stays the machine-readable part');
});

t.test('a card whose images show no MRZ takes the client\'s MRZ text as its machine-readable part', async (t) => {
  const lines = encodeMrz(HOLDER, 'TD1');
  const blank = await renderMrz(lines, { withoutMrz: true });
  const job = await runWithText(DocumentType.PassportCard, blank, null, lines.join('\n'));
  t.equal(job.mrz?.side, 'trackString');
  t.equal(job.mrz?.format, 'TD1');
  t.equal(job.machineReadable?.document.familyName, 'DUPONT');
  t.equal(job.machineReadable?.confidence.id, 100);
  t.equal(job.mrzTextMatch?.result, 'notChecked');
});

t.test('a trackString that is no MRZ text is TrackStringParserError, before any image is read', async (t) => {
  const page = await renderMrz(encodeMrz({ ...HOLDER, documentCode: 'P' }, 'TD3'));
  await t.rejects(runWithText(DocumentType.Passport, page, null, '@\n\u001e\rANSI 636000090002DL'), { code: 'TrackStringParserError' });
});
