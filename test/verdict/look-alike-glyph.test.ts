/**
 * Fronts whose number prints a look-alike where the machine-readable part holds the other (the
 * forgery bench's tuning alterations): the line's recogniser reads the glyph as the digit among
 * digits; read alone by the look-alike classifier against the document's own prints it is the
 * letter, and the number's check fails. And a genuine front whose 1 and 7 touch: no glyph is cut
 * where the ink does not part one run a character, and the number reads as printed. And a genuine
 * passport page whose number's 0 the line reads O where the page prints no other O: alone it is the 0.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { DocumentType, VerdictStatus, type DocumentTypeValue } from '../../common/document.js';
import { REAL_DOCS_DIR } from '../../bench/real-docs.js';
import { newJob } from '../../pipeline/job.js';
import { PLANS, runPlan } from '../../pipeline/stages/index.js';
import { alteredSpecimen, genuineSpecimen } from '../../bench/forgery/sets.js';
import type { Specimen } from '../fixtures/specimens/corpus.js';
import { specimenRequest } from '../../bench/forgery/record.js';

async function verifiedImages(documentType: DocumentTypeValue, front: Uint8Array, back: Uint8Array | null): Promise<ReturnType<typeof newJob>> {
  const job = newJob({ documentType, front, back, face: null, trackString: null, verifyFace: false });
  await runPlan(PLANS.verify, job, []);
  return job;
}

function verified(specimen: Specimen): Promise<ReturnType<typeof newJob>> {
  const back = specimenRequest(specimen).backImage;
  return verifiedImages(specimen.truth.documentType, specimen.front, back instanceof Uint8Array ? back : null);
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

const PAGE = join(REAL_DOCS_DIR, 'regula-deu-dienstpass.jpg');

t.test('a 0 read O where the page prints no other O is the 0 read alone, and the number passes', { skip: existsSync(PAGE) ? false : '../shared/data/real-docs is absent' }, async (t) => {
  const job = await verifiedImages(DocumentType.Passport, readFileSync(PAGE), null);
  t.equal(job.machineReadable?.document.id, 'C01YPTNHM');
  const glyph = job.frontReadings?.get('id')?.glyphs?.find((g) => g.read === 'O');
  t.equal(glyph?.printed, '0', 'the glyph read alone is the digit');
  t.equal(job.visual?.document.id, 'C01YPTNHM');
  t.equal(job.verdict!.checks.find((c) => c.name === 'documentNumberMatch')!.result, 'passed');
});
