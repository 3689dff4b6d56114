/**
 * A licence front through the verify plan, in process, against its own barcode and against the
 * barcode altered in one small way each time: the front is read from the front alone, and each
 * alteration fails its key field's check on the front's pixels.
 */
import t from 'tap';
import { VerdictStatus } from '../../common/document.js';
import { newJob } from '../../pipeline/job.js';
import { PLANS, runPlan } from '../../pipeline/stages/index.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';

const ALTERATIONS: readonly [string, string, (payload: string) => string][] = [
  ['one digit of the number', 'documentNumberMatch', (p) => p.replace(/(DAQ[A-Z]*\d*?)(\d)(\r?\n)/, (_, head: string, d: string, end: string) => `${head}${(Number(d) + 1) % 10}${end}`)],
  ['the date of birth one day later', 'dateOfBirthMatch', (p) => p.replace(/DBB(\d{2})(\d{2})(\d{4})/, (_, m: string, d: string, y: string) => `DBB${m}${String(Number(d) === 28 ? 27 : Number(d) + 1).padStart(2, '0')}${y}`)],
  ['the expiry four years later', 'expiryDateMatch', (p) => p.replace(/DBA(\d{4})(\d{4})/, (_, md: string, y: string) => `DBA${md}${Number(y) + 4}`)],
];

async function verify(front: Buffer, trackString: string) {
  const job = newJob({ documentType: 1, front: new Uint8Array(front), back: null, face: null, trackString, verifyFace: false });
  await runPlan(PLANS.verify, job, []);
  return { visual: job.visual!.document, verdict: job.verdict! };
}

t.test('a licence front against its barcode, genuine and altered', async (t) => {
  const specimen = await generateSpecimen({ seed: 31, index: 5, documentType: 1, negative: null, capture: 'scan' });
  const payload = specimen.truth.raw.aamva!;
  const genuine = await verify(specimen.front, payload);
  t.equal(genuine.verdict.status, VerdictStatus.OK, 'the genuine licence is OK');
  t.ok(genuine.verdict.checks.every((c) => c.result === 'passed'), 'every check passes');
  for (const [what, check, alter] of ALTERATIONS) {
    const altered = alter(payload);
    t.not(altered, payload, `${what}: the payload changed`);
    const forged = await verify(specimen.front, altered);
    t.same(forged.visual, genuine.visual, `${what}: the front reads the same, whatever the barcode holds`);
    t.equal(forged.verdict.status, VerdictStatus.ItsFake, `${what}: ItsFake`);
    t.same(forged.verdict.checks.filter((c) => c.result === 'failed').map((c) => c.name), [check], `${what}: ${check} fails, and only it`);
  }
});
