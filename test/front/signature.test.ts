import t from 'tap';
import sharp from 'sharp';
import { readFront } from '../../pipeline/front/read-front.js';
import { locateSignature } from '../../pipeline/front/signature.js';
import { ocr } from '../../pipeline/stages/ocr.js';
import type { OcrLine } from '../../pipeline/ocr/read-lines.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { prepared, renderLicence } from './render-front.js';

const PAGE = { width: 1000, height: 600 };

/** A line read at `confidence` with an axis-aligned box. */
function line(text: string, confidence: number, left: number, top: number, width: number, height: number): OcrLine {
  return { text, confidence, box: [left, top, left + width, top, left + width, top + height, left, top + height] };
}

const PRINTED = [
  line('DRIVER LICENSE', 0.98, 600, 40, 300, 30),
  line('D1234567', 0.99, 300, 120, 160, 30),
  line('08/31/1985', 0.99, 300, 180, 200, 30),
  line('SMITH', 0.97, 300, 300, 120, 30),
  line('123 MAIN ST', 0.95, 300, 380, 220, 30),
];

t.test('the signature is the tall, wide line read at low confidence in the lower half', async (t) => {
  const lines = [...PRINTED, line('Wrn', 0.25, 60, 460, 220, 60), line('14ROY', 0.46, 420, 470, 80, 18)];
  const found = locateSignature(lines, PAGE);
  t.ok(found, 'found');
  t.ok(found!.left < 60 && found!.top < 460, 'widened beyond the detector box');
  t.ok(found!.left + found!.width > 280 && found!.top + found!.height > 520);
  t.ok(found!.width < 300, 'not the garbled caption beside it');
});

t.test('no signature where only small garbled captions, print or MRZ lines are there', async (t) => {
  t.equal(locateSignature([...PRINTED, line('14ROY', 0.46, 420, 470, 120, 18)], PAGE), undefined, 'a caption is smaller than the values');
  t.equal(locateSignature([...PRINTED, line('Wrn', 0.25, 60, 160, 220, 60)], PAGE), undefined, 'not in the upper half');
  t.equal(locateSignature([...PRINTED, line('ORGAN DONOR', 0.92, 60, 460, 220, 60)], PAGE), undefined, 'print read surely');
  const mrz = line('IDUSA1234567<<<<<<<<<<<<<<<<<<', 0.95, 40, 420, 900, 30);
  t.equal(locateSignature([...PRINTED, mrz, line('ww', 0.2, 60, 500, 220, 60)], PAGE), undefined, 'nothing below the MRZ');
  t.equal(locateSignature([], PAGE), undefined);
});

t.test('a licence photo from the specimen corpus gives the signature drawn under its portrait', async (t) => {
  const specimen = await generateSpecimen({ seed: 4242, index: 0 });
  const front = await readFront(await prepared(specimen.front), specimen.truth.documentType);
  t.ok(front.signature, 'found');
  const { width, height } = front.signature!;
  t.ok(width > 100 && height > 30 && width > 2 * height, `${width}×${height}`);
  // The crop is mostly paper with darker strokes: a few per cent of its pixels are ink.
  const { rgb } = front.signature!;
  const brightness = Array.from({ length: width * height }, (_, i) => rgb[3 * i]! + rgb[3 * i + 1]! + rgb[3 * i + 2]!);
  const paper = [...brightness].sort((a, b) => a - b)[Math.floor(brightness.length / 2)]!;
  const share = brightness.filter((b) => b < paper - 3 * 60).length / brightness.length;
  t.ok(share > 0.02 && share < 0.4, `ink share ${share.toFixed(3)}`);
});

t.test('the OCR stage hands the signature on as a PNG; a front without one has none', async (t) => {
  const specimen = await generateSpecimen({ seed: 4242, index: 0 });
  const job = { input: { documentType: specimen.truth.documentType, front: specimen.front }, images: { front: await prepared(specimen.front) } };
  const withSignature = job as unknown as Parameters<typeof ocr.run>[0];
  await ocr.run(withSignature);
  const png = withSignature.signature!;
  t.same([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'PNG');
  const meta = await sharp(png).metadata();
  t.ok(meta.width! > 100, `${meta.width}×${meta.height}`);

  const rendered = await renderLicence();
  const plain = { input: { documentType: 1, front: rendered }, images: { front: await prepared(rendered) } } as unknown as Parameters<typeof ocr.run>[0];
  await ocr.run(plain);
  t.equal(plain.signature, undefined, 'the rendered test licence has no signature');
});
