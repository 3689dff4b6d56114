import t from 'tap';
import { VerdictStatus } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import { decodeImage } from '../../pipeline/backends/sharp.js';
import type { PreparedImage } from '../../pipeline/job.js';
import { readMrz } from '../../pipeline/mrz/read-mrz.js';
import { decide } from '../../pipeline/verdict/decide.js';
import { degrade } from '../fixtures/degrade.js';
import { encodeMrz, type MrzFields } from '../fixtures/mrz-encode.js';
import { renderMrz, type RenderOptions } from '../fixtures/mrz-render.js';

// Rendered MRZ pages, clean, photographed, turned, tampered or without an MRZ. Corpus specimens:
// read-mrz-specimens.test.ts and read-mrz-band-specimens.test.ts; the public MRZ readers' specimens:
// read-mrz-public-specimens.test.ts.
const HOLDER: MrzFields = {
  documentCode: 'P', issuingState: 'D', familyName: 'Müller-Lüdenscheidt', givenNames: 'Anna Sophie', documentNumber: 'C01X00T47',
  nationality: 'D', birthDate: '1983-02-28', sex: 'F', expiryDate: '2031-11-05', optional1: '',
};
const CARD: MrzFields = { ...HOLDER, documentCode: 'ID', issuingState: 'BEL', nationality: 'BEL', documentNumber: '000590240601', optional1: '', optional2: '83022812345' };
const FIELDS: Readonly<Record<'TD1' | 'TD2' | 'TD3', MrzFields>> = { TD1: CARD, TD2: { ...CARD, documentCode: 'I', documentNumber: 'X4RTBPFW4' }, TD3: HOLDER };

async function page(lines: string[], options: RenderOptions = {}): Promise<PreparedImage> {
  return decodeImage(await renderMrz(lines, { width: 1500, ...options }), 'frontImageBase64');
}

/** A phone photo of the page: turned, in perspective, on a surface, unevenly lit, blurred, noisy, JPEG. */
async function photo(lines: string[], seed: number): Promise<PreparedImage> {
  const png = await renderMrz(lines, { width: 1500 });
  return decodeImage(await degrade(png, {
    rotateDeg: -7, perspective: 0.04, blurSigma: 1.1, noise: 5, jpegQuality: 50, unevenLight: 0.3, glare: 0.2, background: true,
  }, seed), 'frontImageBase64');
}

for (const format of ['TD1', 'TD2', 'TD3'] as const) {
  t.test(`a clean ${format} page reads to the exact lines`, async (t) => {
    const lines = encodeMrz(FIELDS[format], format);
    const result = await readMrz(await page(lines));
    t.equal(result.format, format);
    t.same(result.lines, lines);
    t.same(result.failedChecks, []);
    t.equal(result.document.familyName, 'MUELLER LUEDENSCHEIDT');
    t.equal(result.document.dob, '1983-02-28');
    t.ok(Object.values(result.confidence).every((c) => c > 0));
  });

  t.test(`a degraded, skewed ${format} photo reads to the exact lines`, async (t) => {
    const lines = encodeMrz(FIELDS[format], format);
    const result = await readMrz(await photo(lines, 7));
    t.same(result.lines, lines);
  });
}

t.test('the long document number of a TD1 card is read whole', async (t) => {
  const result = await readMrz(await page(encodeMrz(CARD, 'TD1')));
  t.equal(result.document.id, '000590240601');
  t.same(result.document.abbrCountry, 'BE');
});

t.test('an upside-down page reads, and says it must turn a half', async (t) => {
  const lines = encodeMrz(HOLDER, 'TD3');
  const result = await readMrz(await page(lines, { rotate: 180 }));
  t.same(result.lines, lines);
  t.equal(result.orientation, 180);
  t.equal((await readMrz(await page(lines))).orientation, 0, 'upright');
});

t.test('a page turned a quarter reads, either way, and says how far it must turn clockwise', async (t) => {
  const lines = encodeMrz(CARD, 'TD1');
  // `rotate` turns the page counter-clockwise: it stands upright turned back as far clockwise.
  const counter = await readMrz(await page(lines, { rotate: 90, surround: 40 }));
  t.same(counter.lines, lines);
  t.equal(counter.orientation, 90);
  const clockwise = await readMrz(await page(lines, { rotate: -90 }));
  t.same(clockwise.lines, lines);
  t.equal(clockwise.orientation, 270);
});

t.test('a tampered MRZ keeps its wrong check digit: confidence 0, verdict ItsFake', async (t) => {
  const lines = encodeMrz(HOLDER, 'TD3');
  // The expiry moved on by a year, its check digit left as it was.
  lines[1] = `${lines[1]!.slice(0, 21)}32${lines[1]!.slice(23)}`;
  const result = await readMrz(await page(lines));
  t.same(result.lines, lines);
  t.equal(result.document.expires, '2032-11-05');
  t.equal(result.confidence.expires, 0);
  t.ok(result.confidence.dob! > 0);
  const verdict = decide({ machine: { document: result.document, confidence: result.confidence }, kind: 'mrz' }, new Date('2025-01-01'));
  t.equal(verdict.status, VerdictStatus.ItsFake);
});

t.test('a page without an MRZ gives MrzIsNotPresentError', async (t) => {
  const image = await page(encodeMrz(HOLDER, 'TD3'), { withoutMrz: true });
  await t.rejects(readMrz(image), new CodedError('MrzIsNotPresentError', 'No machine-readable zone was found on the image.'));
});
