/** The stages bench's front cases: their 1500 px inputs, and how a run is judged against a stage target. */
import sharp from 'sharp';
import t from 'tap';
import { DocumentType } from '../../common/document.js';
import { benchFront, FRONT_SIDE } from '../../bench/fixtures.js';
import { targetMet } from '../../bench/pipeline.bench.js';

t.test('a licence front comes with its barcode text, a passport front alone, both 1500 px JPEGs', async (t) => {
  const licence = await benchFront(DocumentType.ID);
  const passport = await benchFront(DocumentType.Passport);
  for (const front of [licence, passport]) {
    const meta = await sharp(front.front).metadata();
    t.equal(meta.format, 'jpeg');
    t.equal(Math.max(meta.width ?? 0, meta.height ?? 0), FRONT_SIDE);
  }
  t.match(licence.trackString, /^@\n/, 'an AAMVA payload');
  t.equal(passport.trackString, undefined, "the passport's MRZ is on its front");
});

t.test("a target is met when its stage's p50 is within it; a stage that did not run misses it", async (t) => {
  const ocr = { stage: 'ocr', p50Ms: 400 };
  t.ok(targetMet(ocr, { intake: { p50: 40 }, ocr: { p50: 400 } }));
  t.notOk(targetMet(ocr, { ocr: { p50: 400.5 } }));
  t.notOk(targetMet(ocr, { intake: { p50: 40 } }));
  t.ok(targetMet({ stage: 'end-to-end', p50Ms: 5 }, {}, 4.2), 'end to end is the client latency');
  t.notOk(targetMet({ stage: 'end-to-end', p50Ms: 5 }, { ocr: { p50: 1 } }, 5.1));
});
