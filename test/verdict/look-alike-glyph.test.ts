/**
 * Fronts whose number prints a look-alike where the machine-readable part holds the other (the
 * forgery bench's tuning alterations): the line's recogniser reads the glyph as the digit among
 * digits; read alone by the look-alike classifier against the document's own prints it is the
 * letter, and the number's check fails. And a genuine front whose 1 and 7 touch: no glyph is cut
 * where the ink does not part one run a character, and the number reads as printed.
 */
import t from 'tap';
import { VerdictStatus } from '../../common/document.js';
import { newJob } from '../../pipeline/job.js';
import { PLANS, runPlan } from '../../pipeline/stages/index.js';
import { alteredSpecimen, genuineSpecimen } from '../../bench/forgery/sets.js';
import type { Specimen } from '../fixtures/specimens/corpus.js';
import { specimenRequest } from '../../bench/forgery/record.js';

async function verified(specimen: Specimen): Promise<ReturnType<typeof newJob>> {
  const back = specimenRequest(specimen).backImage;
  const job = newJob({ documentType: specimen.truth.documentType, front: specimen.front, back: back instanceof Uint8Array ? back : null, face: null, trackString: null, verifyFace: false });
  await runPlan(PLANS.verify, job, []);
  return job;
}

for (const [slot, genuine, altered, printed] of [[68, 'CNT7918224895', 'CNT79I8224895', 'I'], [288, 'WYH7903293967', 'WYH79O3293967', 'O']] as const) {
  t.test(`a printed ${printed} where the MRZ holds its digit is a difference`, async (t) => {
    const specimen = await alteredSpecimen('tuning', slot, false);
    const { alteration } = specimen.truth;
    t.same([alteration?.kind, alteration?.genuine, alteration?.altered], ['number-lookalike', genuine, altered], 'the fixture is the alteration meant');
    const job = await verified(specimen);
    t.equal(job.visual?.document.id, altered, `the front reads the ${printed} it prints`);
    t.equal(job.machineReadable?.document.id, genuine);
    const check = job.verdict!.checks.find((c) => c.name === 'documentNumberMatch')!;
    t.equal(check.result, 'failed', check.reason);
    t.equal(job.verdict!.status, VerdictStatus.ItsFake);
  });
}

t.test('a genuine number whose glyphs touch reads as printed, and passes', async (t) => {
  const specimen = await genuineSpecimen('tuning', 6, false);
  const job = await verified(specimen);
  t.equal(job.visual?.document.id, 'P9YR6176J');
  t.equal(job.verdict!.checks.find((c) => c.name === 'documentNumberMatch')!.result, 'passed');
  t.not(job.verdict!.status, VerdictStatus.ItsFake);
});
