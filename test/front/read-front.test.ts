import t from 'tap';
import sharp from 'sharp';
import { DocumentType } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import { readFront } from '../../pipeline/front/read-front.js';
import { renderSvg, svgOpen, text } from '../fixtures/specimens/svg.js';
import { prepared, renderLicence, renderPassport } from './render-front.js';

t.test('a licence front reads to its printed values', async (t) => {
  const { visual, frontOnly } = await readFront(await prepared(await renderLicence()), DocumentType.ID);
  t.match(visual.document, {
    id: 'D1234567', dob: '1985-08-31', expires: '2031-08-31', issued: '2023-08-31',
    familyName: "O'BRIEN-SMITH", firstName: 'JOHN', middleName: 'MICHAEL', fullName: "JOHN MICHAEL O'BRIEN-SMITH",
    address: '1234 MAIN ST APT 4B', city: 'SACRAMENTO', state: 'CA', zip: '95814-1234',
    gender: 'M', height: '69 in', weight: '165 lb', eyes: 'BRO', hair: 'BLK', class: 'C',
    idType: 'DL', country: 'United States', abbrCountry: 'US', abbr3Country: 'USA',
  });
  t.same(frontOnly, { template: 'CA DL' });
  for (const [field, value] of Object.entries(visual.confidence)) {
    t.ok(value >= 80 && value <= 100, `${field} confidence ${value}`);
  }
});

t.test('a passport data page reads by its bilingual captions', async (t) => {
  const { visual } = await readFront(await prepared(await renderPassport()), DocumentType.Passport);
  t.match(visual.document, {
    id: 'L898902C3', familyName: 'ERIKSSON', privateName: 'ANNA MARIA', firstName: 'ANNA', middleName: 'MARIA',
    dob: '1974-08-12', issued: '2022-04-16', expires: '2032-04-15', gender: 'F', abbr3Country: 'UTO',
  });
});

t.test('a blank front is an OCRError', async (t) => {
  const blank = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#eeeeee' } }).png().toBuffer();
  await t.rejects(readFront(await prepared(blank), DocumentType.ID), { code: 'OCRError', message: new CodedError('OCRError').message });
});

t.test('a front with text but no field answers an empty visual zone, not an OCRError', async (t) => {
  const png = await renderSvg([
    svgOpen(800, 500), '<rect width="800" height="500" fill="#eeeeee"/>',
    text(60, 200, 'THANK YOU FOR VISITING', { size: 40, weight: 'bold' }),
    text(60, 280, 'OPEN DAILY', { size: 34 }),
    '</svg>',
  ].join(''));
  const { visual, lines } = await readFront(await prepared(png), DocumentType.ID);
  t.ok(lines.length > 0, 'the text was read');
  t.same(visual, { document: {}, confidence: {} });
});
