/**
 * A front whose number prints I where its machine-readable part holds 1 (one of the forgery
 * bench's tuning alterations): the line's recogniser reads the bar as 1 among digits; read alone
 * against the document's own 1s it is an I, and the number's check fails.
 */
import t from 'tap';
import { VerdictStatus } from '../../common/document.js';
import { newJob } from '../../pipeline/job.js';
import { PLANS, runPlan } from '../../pipeline/stages/index.js';
import { alteredSpecimen } from '../../bench/forgery/sets.js';
import { specimenRequest } from '../../bench/forgery/record.js';

t.test('a printed I where the MRZ holds 1 is a difference', async (t) => {
  const specimen = await alteredSpecimen('tuning', 68, false);
  const { alteration } = specimen.truth;
  t.same([alteration?.kind, alteration?.genuine, alteration?.altered], ['number-lookalike', 'CNT7918224895', 'CNT79I8224895'], 'the fixture is the alteration meant');
  const back = specimenRequest(specimen).backImage;
  const job = newJob({ documentType: specimen.truth.documentType, front: specimen.front, back: back instanceof Uint8Array ? back : null, face: null, trackString: null, verifyFace: false });
  await runPlan(PLANS.verify, job, []);
  t.equal(job.visual?.document.id, 'CNT79I8224895', 'the front reads the I it prints');
  t.equal(job.machineReadable?.document.id, 'CNT7918224895');
  const check = job.verdict!.checks.find((c) => c.name === 'documentNumberMatch')!;
  t.equal(check.result, 'failed', check.reason);
  t.equal(job.verdict!.status, VerdictStatus.ItsFake);
});
